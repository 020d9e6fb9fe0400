/**
 * Fast bulk inserts for seeding: one statement per chunk, one array parameter per column,
 * `INSERT … SELECT * FROM unnest($1::int[], $2::text[], …)`. The same statement runs on PGlite and
 * PostgreSQL, and its cost does not grow with the number of parameters like a VALUES list does.
 */
import { sql, type Queryable } from '../db/database';

export type Column = readonly [name: string, type: 'int' | 'text' | 'date' | 'timestamptz' | 'numeric' | 'boolean' | 'jsonb' | 'smallint'];

export async function insertMany(db: Queryable, table: string, columns: readonly Column[], rows: readonly unknown[][], chunkSize = 5000): Promise<void> {
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const arrays = columns.map(([, type], index) => {
      const values = chunk.map((row) => {
        const value = row[index];
        if (value === null || value === undefined) return null;
        return type === 'jsonb' ? JSON.stringify(value) : value;
      });
      return sql`${sql.param(values)}::${sql.raw(type)}[]`;
    });
    await db.run(sql`INSERT INTO ${sql.raw(table)} (${names}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`);
  }
}

/** After inserting explicit ids, moves each identity sequence past the highest id. */
export async function syncSequences(db: Queryable, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await db.run(sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), GREATEST((SELECT max(id) FROM ${sql.raw(table)}), 1))`);
  }
}
