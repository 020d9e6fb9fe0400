/** Bulk customers for the benches that need a large chain fast (the full demo seed takes most of an hour at that size). */
import { sql, type Database } from '../../server/src/db/database';

/**
 * Adds `customers` customers of the demo chain's three stores and `vehicles` cars, in two set-based
 * statements: the first `customers` cars one per customer, the rest to other customers (fleets of
 * 2–3). Ids follow the highest in use; answers that base (customer and car n are base + n).
 */
export async function addBenchCustomers(db: Database, customers: number, vehicles = customers): Promise<number> {
  const base = (await db.one<{ id: number }>(sql`SELECT GREATEST((SELECT max(id) FROM customer), (SELECT max(id) FROM vehicle))::int AS id`))!.id;
  await db.run(sql`
    INSERT INTO customer (id, chain_id, store_id, name, mobile, source)
    SELECT ${base} + n, 1, 2 + n % 3, '客户' || n, '139' || lpad(n::text, 8, '0'), '基准' FROM generate_series(1, ${customers}) n`);
  await db.run(sql`
    INSERT INTO vehicle (id, chain_id, store_id, customer_id, plate, vin, brand, series, model)
    SELECT ${base} + n, 1, 2 + c % 3, ${base} + c, '浙C' || lpad(n::text, 6, '0'), 'LSV' || lpad(n::text, 14, '0'), '大众', '朗逸', '1.5L'
      FROM (SELECT n, CASE WHEN n <= ${customers} THEN n ELSE 1 + (n::int8 * 48271 % ${customers})::int END AS c FROM generate_series(1, ${vehicles}) n) v`);
  await db.run(sql`SELECT setval(pg_get_serial_sequence('customer', 'id'), (SELECT max(id) FROM customer))`);
  await db.run(sql`SELECT setval(pg_get_serial_sequence('vehicle', 'id'), (SELECT max(id) FROM vehicle))`);
  return base;
}
