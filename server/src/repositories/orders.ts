/**
 * The one write path of work orders (工单): the demo seed and the ERP sync both come through
 * `insertOrders`. An order is a maintenance_record header (what the timeline, the board and the
 * metrics read) plus its labour and parts lines in integer fen (work_order_line). The header's
 * `amount` (numeric yuan) is written as fen / 100 exactly; `total_fen` is generated from it.
 * The rollup trigger marks the touched (store, day) cells; the caller queues the rollup job.
 */
import { newIds, sql, type Queryable } from '../db/database';
import { insertMany } from '../seed/bulk';
import type { OrderStatus, PaymentMethod, ServiceType } from '../../../contracts/rules/orders';
import type { ErpOrder } from '../providers/erp';
import { refreshCustomersNextMaintenance } from './next-maintenance';
import type { Day } from '../../../contracts/dates';

export interface NewOrderLine {
  kind: 'labour' | 'part';
  code?: string;
  name: string;
  quantity: number;
  unitPriceFen: number;
  technician?: string;
}

export interface NewOrder {
  chainId: number;
  storeId: number;
  vehicleId: number;
  customerId: number;
  orderNo: string;
  /** Business day (开单日期), 'YYYY-MM-DD' in the garage's time zone. */
  day: string;
  mileage?: number | null;
  serviceType: ServiceType;
  status: OrderStatus;
  advisor: string;
  technician: string;
  paymentMethod: PaymentMethod | '';
  source: 'manual' | 'seed' | 'erp';
  erpOrderNo?: string | null;
  /** When it was paid (ISO or 'YYYY-MM-DD HH:mm:ss' in the garage's zone); null unless settled. */
  settledAt?: string | null;
  lines: NewOrderLine[];
}

export const lineAmountFen = (line: NewOrderLine) => line.unitPriceFen * line.quantity;

export function orderTotals(order: Pick<NewOrder, 'lines'>) {
  let labourFen = 0;
  let partsFen = 0;
  for (const line of order.lines) {
    if (line.kind === 'labour') labourFen += lineAmountFen(line);
    else partsFen += lineAmountFen(line);
  }
  return { labourFen, partsFen, totalFen: labourFen + partsFen };
}

/** Fen as the exact decimal text of yuan (12345 → '123.45'), for the numeric `amount`. */
export const yuanText = (fen: number) => `${Math.trunc(fen / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/**
 * Inserts orders with their lines in bulk (one statement per 5,000 rows) and answers their ids in
 * order. Runs in the caller's transaction.
 */
export async function insertOrders(db: Queryable, orders: NewOrder[]): Promise<number[]> {
  if (orders.length === 0) return [];
  const idRows = await db.rows<{ id: number }>(newIds('maintenance_record', orders.length));
  const ids = idRows.map((row) => row.id);
  const headers: unknown[][] = [];
  const lines: unknown[][] = [];
  orders.forEach((order, index) => {
    const id = ids[index];
    const { labourFen, partsFen, totalFen } = orderTotals(order);
    const items = order.lines.filter((line) => line.kind === 'labour').map((line) => ({ name: line.name, amount: lineAmountFen(line) / 100 }));
    const parts = order.lines.filter((line) => line.kind === 'part').map((line) => ({ code: line.code ?? '', name: line.name, quantity: line.quantity, price: line.unitPriceFen / 100 }));
    headers.push([
      id, order.chainId, order.storeId, order.vehicleId, order.customerId, order.orderNo, order.day, order.mileage ?? null,
      order.serviceType === 'maintenance' ? 'maintenance' : 'repair', items, parts, yuanText(totalFen), order.advisor,
      labourFen, partsFen, order.serviceType, order.status, order.technician, order.paymentMethod, order.source, order.erpOrderNo ?? null,
      order.status === 'settled' ? (order.settledAt ?? `${order.day} 18:00:00`) : null,
    ]);
    for (const line of order.lines) {
      lines.push([order.chainId, order.storeId, id, line.kind, line.code ?? '', line.name, line.quantity, line.unitPriceFen, lineAmountFen(line), line.technician ?? order.technician]);
    }
  });
  await insertMany(db, 'maintenance_record', [
    ['id', 'int'], ['chain_id', 'int'], ['store_id', 'int'], ['vehicle_id', 'int'], ['customer_id', 'int'], ['order_no', 'text'], ['maint_date', 'date'],
    ['mileage', 'int'], ['kind', 'text'], ['items', 'jsonb'], ['parts', 'jsonb'], ['amount', 'numeric'], ['advisor', 'text'],
    ['labour_fen', 'int'], ['parts_fen', 'int'], ['service_type', 'text'], ['status', 'text'], ['technician', 'text'], ['payment_method', 'text'],
    ['source', 'text'], ['erp_order_no', 'text'], ['settled_at', 'timestamptz'],
  ], headers);
  await insertMany(db, 'work_order_line', [
    ['chain_id', 'int'], ['store_id', 'int'], ['order_id', 'int'], ['kind', 'text'], ['code', 'text'], ['name', 'text'], ['quantity', 'int'],
    ['unit_price_fen', 'int'], ['amount_fen', 'int'], ['technician', 'text'],
  ], lines);
  return ids;
}

/**
 * Keeps the customers' and vehicles' denormalised visit figures (visit_count, total_spend,
 * first/last visit) equal to their orders, for the given customers.
 */
export async function refreshVisitFigures(db: Queryable, chainId: number, customerIds: number[]): Promise<void> {
  if (customerIds.length === 0) return;
  const ids = sql.param([...new Set(customerIds)]);
  await db.run(sql`
    UPDATE customer c SET visit_count = o.n, total_spend = o.spend,
           first_visit_at = LEAST(c.first_visit_at, o.first_day::timestamptz + interval '10 hours'),
           last_visit_at = GREATEST(c.last_visit_at, o.last_day::timestamptz + interval '10 hours')
      FROM (SELECT customer_id, count(*)::int AS n, sum(amount) AS spend, min(maint_date) AS first_day, max(maint_date) AS last_day
              FROM maintenance_record WHERE chain_id = ${chainId} AND customer_id = ANY(${ids}::int[]) GROUP BY customer_id) o
     WHERE c.id = o.customer_id AND c.chain_id = ${chainId}`);
  await db.run(sql`
    UPDATE vehicle v SET visit_count = o.n, total_spend = o.spend,
           last_visit_at = GREATEST(v.last_visit_at, o.last_day::timestamptz + interval '10 hours'),
           mileage = GREATEST(v.mileage, o.mileage), mileage_updated_at = GREATEST(v.mileage_updated_at, o.last_day)
      FROM (SELECT vehicle_id, count(*)::int AS n, sum(amount) AS spend, max(maint_date) AS last_day, COALESCE(max(mileage), 0) AS mileage
              FROM maintenance_record WHERE chain_id = ${chainId} AND customer_id = ANY(${ids}::int[]) GROUP BY vehicle_id) o
     WHERE v.id = o.vehicle_id AND v.chain_id = ${chainId}`);
}

/**
 * Writes what an ERP handed over into one store: orders it already gave (same ERP order number)
 * only move on (status, payment); new ones find their car by plate, else their customer by mobile,
 * else bring a new customer and car. Answers how many customers and orders were new.
 */
export async function importErpOrders(tx: Queryable, target: { chainId: number; storeId: number; today: Day }, orders: ErpOrder[]): Promise<{ customers: number; orders: number }> {
  if (orders.length === 0) return { customers: 0, orders: 0 };
  const { chainId, storeId } = target;
  const known = await tx.rows<{ id: number; erp_order_no: string; status: string }>(sql`
    SELECT id, erp_order_no, status FROM maintenance_record
     WHERE chain_id = ${chainId} AND store_id = ${storeId} AND erp_order_no = ANY(${sql.param(orders.map((o) => o.erpOrderNo))}::text[])`);
  const knownByNo = new Map(known.map((row) => [row.erp_order_no, row]));
  for (const order of orders) {
    const row = knownByNo.get(order.erpOrderNo);
    if (row && row.status !== order.status) {
      await tx.run(sql`
        UPDATE maintenance_record SET status = ${order.status}, payment_method = ${order.paymentMethod}, settled_at = ${order.settledAt}::timestamptz
         WHERE id = ${row.id}`);
    }
  }
  const fresh = orders.filter((order) => !knownByNo.has(order.erpOrderNo));
  if (fresh.length === 0) return { customers: 0, orders: 0 };

  const plates = [...new Set(fresh.map((o) => o.vehicle.plate))];
  const vehicles = new Map((await tx.rows<{ id: number; customer_id: number; plate: string }>(sql`
    SELECT DISTINCT ON (plate) id, customer_id, plate FROM vehicle WHERE chain_id = ${chainId} AND plate = ANY(${sql.param(plates)}::text[]) ORDER BY plate, id`))
    .map((row) => [row.plate, { vehicleId: row.id, customerId: row.customer_id }]));
  const mobiles = [...new Set(fresh.filter((o) => !vehicles.has(o.vehicle.plate)).map((o) => o.customer.mobile))];
  const customers = new Map((await tx.rows<{ id: number; mobile: string }>(sql`
    SELECT DISTINCT ON (mobile) id, mobile FROM customer WHERE chain_id = ${chainId} AND mobile = ANY(${sql.param(mobiles)}::text[]) ORDER BY mobile, id`))
    .map((row) => [row.mobile, row.id]));
  let newCustomers = 0;
  for (const order of fresh) {
    if (vehicles.has(order.vehicle.plate)) continue;
    let customerId = customers.get(order.customer.mobile);
    if (customerId === undefined) {
      const created = await tx.one<{ id: number }>(sql`
        INSERT INTO customer (chain_id, store_id, name, mobile, source) VALUES (${chainId}, ${storeId}, ${order.customer.name}, ${order.customer.mobile}, 'ERP 同步') RETURNING id`);
      customerId = created!.id;
      customers.set(order.customer.mobile, customerId);
      newCustomers += 1;
    }
    const v = order.vehicle;
    const vehicle = await tx.one<{ id: number }>(sql`
      INSERT INTO vehicle (chain_id, store_id, customer_id, plate, energy_type, vin, brand, series, model)
      VALUES (${chainId}, ${storeId}, ${customerId}, ${v.plate}, ${v.energyType}, ${v.vin}, ${v.brand}, ${v.series}, ${v.model}) RETURNING id`);
    vehicles.set(v.plate, { vehicleId: vehicle!.id, customerId });
  }
  const rows: NewOrder[] = fresh.map((order) => {
    const car = vehicles.get(order.vehicle.plate)!;
    return {
      chainId, storeId, vehicleId: car.vehicleId, customerId: car.customerId, orderNo: order.erpOrderNo, day: order.day, mileage: order.mileage,
      serviceType: order.serviceType, status: order.status, advisor: order.advisor, technician: order.technician, paymentMethod: order.paymentMethod,
      source: 'erp', erpOrderNo: order.erpOrderNo, settledAt: order.settledAt, lines: order.lines,
    };
  });
  await insertOrders(tx, rows);
  await refreshVisitFigures(tx, chainId, rows.map((row) => row.customerId));
  // A visit moves the car's 下次保养 (repositories/next-maintenance.ts).
  await refreshCustomersNextMaintenance(tx, chainId, target.today, rows.map((row) => row.customerId));
  return { customers: newCustomers, orders: rows.length };
}
