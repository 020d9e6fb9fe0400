/**
 * Tags: chain-wide, each in a tag group (a plain name; '' = 未分组) with a colour, counted over the
 * customers the caller may see. Tagging writes only customers in the caller's scope.
 */
import { sql, type Queryable } from '../db/database';
import type { TenantScope } from './scope';

export interface TagRow {
  id: number;
  name: string;
  colour: string;
  groupName: string;
  count: number;
  createdAt: string;
}

export function tagRows(db: Queryable, scope: TenantScope): Promise<TagRow[]> {
  return db.rows<TagRow>(sql`
    SELECT t.id, t.name, t.colour, t.group_name AS "groupName", COALESCE(n.count, 0)::int AS count, t.created_at AS "createdAt"
      FROM tag t
      LEFT JOIN (SELECT ct.tag_id, count(*) AS count FROM customer_tag ct JOIN customer c ON c.id = ct.customer_id
                  WHERE ${scope.storeRows('c')} GROUP BY ct.tag_id) n ON n.tag_id = t.id
     WHERE ${scope.chainRows('t')} ORDER BY t.group_name, t.id`);
}

export async function tagById(db: Queryable, scope: TenantScope, id: number): Promise<TagRow | undefined> {
  return (await tagRows(db, scope)).find((tag) => tag.id === id);
}

export async function tagIdsOfChain(db: Queryable, scope: TenantScope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.rows<{ id: number }>(sql`SELECT t.id FROM tag t WHERE ${scope.chainRows('t')} AND t.id = ANY(${sql.param(ids)}::int[])`);
  return rows.map((row) => row.id);
}

export async function tagNameTaken(db: Queryable, scope: TenantScope, name: string, exceptId?: number): Promise<boolean> {
  const row = await db.one(sql`SELECT 1 FROM tag t WHERE ${scope.chainRows('t')} AND t.name = ${name} ${exceptId === undefined ? sql`` : sql`AND t.id <> ${exceptId}`}`);
  return row !== undefined;
}

export async function insertTag(db: Queryable, scope: TenantScope, tag: { name: string; colour: string; groupName: string }): Promise<number> {
  const row = await db.one<{ id: number }>(sql`
    INSERT INTO tag (chain_id, name, colour, group_name) VALUES (${scope.chainId}, ${tag.name}, ${tag.colour}, ${tag.groupName}) RETURNING id`);
  return (row as { id: number }).id;
}

export function updateTag(db: Queryable, scope: TenantScope, id: number, tag: { name: string; colour: string; groupName: string }): Promise<number> {
  return db.run(sql`UPDATE tag t SET name = ${tag.name}, colour = ${tag.colour}, group_name = ${tag.groupName} WHERE t.id = ${id} AND ${scope.chainRows('t')}`);
}

export function deleteTag(db: Queryable, scope: TenantScope, id: number): Promise<number> {
  return db.run(sql`DELETE FROM tag t WHERE t.id = ${id} AND ${scope.chainRows('t')}`);
}

export function renameTagGroup(db: Queryable, scope: TenantScope, from: string, to: string): Promise<number> {
  return db.run(sql`UPDATE tag t SET group_name = ${to} WHERE t.group_name = ${from} AND ${scope.chainRows('t')}`);
}

/**
 * Merges tags into one: every customer of a source tag gets the target tag, then the sources go.
 * Runs on the whole chain (a tag is chain-wide), inside the caller's transaction.
 */
export async function mergeTags(db: Queryable, scope: TenantScope, sourceIds: number[], targetId: number): Promise<number> {
  await db.run(sql`
    INSERT INTO customer_tag (chain_id, customer_id, tag_id)
    SELECT ${scope.chainId}, ct.customer_id, ${targetId} FROM customer_tag ct
     WHERE ct.chain_id = ${scope.chainId} AND ct.tag_id = ANY(${sql.param(sourceIds)}::int[])
    ON CONFLICT DO NOTHING`);
  return db.run(sql`DELETE FROM tag t WHERE ${scope.chainRows('t')} AND t.id = ANY(${sql.param(sourceIds)}::int[])`);
}

/** Adds or removes tags on visible customers; answers the number of (customer, tag) pairs changed. */
export function tagCustomers(db: Queryable, scope: TenantScope, tagIds: number[], customerIds: number[], action: 'add' | 'remove'): Promise<number> {
  if (tagIds.length === 0 || customerIds.length === 0) return Promise.resolve(0);
  const customers = sql.param(customerIds);
  const tags = sql.param(tagIds);
  if (action === 'add') {
    return db.run(sql`
      INSERT INTO customer_tag (chain_id, customer_id, tag_id)
      SELECT ${scope.chainId}, c.id, t.id FROM customer c CROSS JOIN tag t
       WHERE ${scope.storeRows('c')} AND c.id = ANY(${customers}::int[]) AND ${scope.chainRows('t')} AND t.id = ANY(${tags}::int[])
      ON CONFLICT DO NOTHING`);
  }
  return db.run(sql`
    DELETE FROM customer_tag ct USING customer c
     WHERE ct.customer_id = c.id AND ${scope.storeRows('c')} AND c.id = ANY(${customers}::int[]) AND ct.tag_id = ANY(${tags}::int[])`);
}
