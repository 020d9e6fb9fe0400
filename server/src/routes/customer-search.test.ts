/**
 * Issue 31: one customer search must not hold the server. A store imports 6,000 customers whose
 * mobiles share a prefix (and cars whose plates and VINs do); the keyword search then has to stay
 * linear: the rows its statements touch (EXPLAIN ANALYZE, not the clock) grow with the chain, never
 * with chain × matches as `c.id IN (… UNION …)` did on PGlite, which never gathers statistics. And it
 * still finds the same customers by name, mobile prefix or last digits, plate and VIN, in the same
 * pages, in the list, in live groups and in an SMS audience. A broad keyword's list counts to
 * LIST_COUNT_CAP (「5,000+」) and walks to its page, stopping there; 选择全部 counts exactly. On
 * PostgreSQL a request's statement is cut off by the statement timeout with a Chinese answer, while
 * background work is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { Code } from '../http/envelope';
import { LIST_COUNT_CAP } from '../repositories/customer';

const IMPORTED = 6_000;

interface Customer {
  id: number;
  name: string;
  mobile: string;
  visit: number | null;
  spend: number;
}
interface Vehicle {
  customerId: number;
  plate: string;
  vin: string;
}
interface ListAnswer {
  total: number;
  totalCapped: boolean;
  list: { id: number }[];
}

let server: TestServer;
let admin: string;
let customers: Customer[];
let vehicles: Vehicle[];

const list = async (body: Record<string, unknown>) => {
  const answer = await server.call<ListAnswer>('POST', '/client/list', { token: admin, body });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
};

/** The search's rules, written again over the raw rows (contracts/customer-condition.ts, keyword). */
function expected(keyword: string): number[] {
  const text = keyword.replace(/\s+/g, '');
  const upper = text.toUpperCase();
  const digits = /^\d{3,11}$/.test(text);
  const vehicleLike = /^[\u4e00-\u9fa5A-Z0-9]{2,17}$/.test(upper);
  const owners = new Set(
    vehicles
      .filter((v) => vehicleLike && (v.plate.startsWith(upper) || v.plate.slice(1).startsWith(upper) || v.vin.startsWith(upper) || (/^[A-Z0-9]{4,17}$/.test(upper) && v.vin.endsWith(upper))))
      .map((v) => v.customerId),
  );
  return customers
    .filter((c) => c.name.startsWith(text) || (digits && c.mobile.startsWith(text)) || (digits && text.length >= 4 && c.mobile.endsWith(text)) || owners.has(c.id))
    .sort((a, b) => (b.visit ?? -Infinity) - (a.visit ?? -Infinity) || b.id - a.id)
    .map((c) => c.id);
}

const dialect = new PgDialect();

/** What the list answers for `count` matches: exact up to the cap, else the cap and "more". */
const counted = (count: number) => ({ total: Math.min(count, LIST_COUNT_CAP), totalCapped: count > LIST_COUNT_CAP });

/** Plan nodes' rows (each loop counted) plus the rows their filters threw away: what a plan touched. */
function touched(node: Record<string, unknown>): number {
  const loops = Number(node['Actual Loops'] ?? 1);
  const rows = ['Actual Rows', 'Rows Removed by Filter', 'Rows Removed by Join Filter'].reduce((sum, key) => sum + Number(node[key] ?? 0), 0);
  return rows * loops + ((node.Plans as Record<string, unknown>[] | undefined) ?? []).reduce((sum, child) => sum + touched(child), 0);
}

/**
 * Rows touched by each read `call` makes the server run, also inside transactions: while it runs,
 * each SELECT is explained (EXPLAIN ANALYZE executes it) before it runs for real.
 */
async function statementsTouched(call: () => Promise<unknown>): Promise<{ sql: string; rows: number }[]> {
  const db = server.db;
  const { rows, one, transaction } = db;
  const statements: { sql: string; rows: number }[] = [];
  const explaining = (read: typeof rows) => async (query: SQL) => {
    const text = dialect.sqlToQuery(query).sql;
    if (/^\s*SELECT/i.test(text)) {
      const [row] = await read<Record<string, unknown>>(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`);
      const [plan] = row['QUERY PLAN'] as { Plan: Record<string, unknown> }[];
      statements.push({ sql: text, rows: touched(plan.Plan) });
    }
  };
  db.rows = async (query) => (await explaining(rows)(query), rows(query));
  db.one = async (query) => (await explaining(rows)(query), one(query));
  db.transaction = (fn) =>
    transaction((tx) => {
      const [read, first] = [tx.rows.bind(tx), tx.one.bind(tx)];
      return fn({
        run: tx.run.bind(tx),
        rows: async (query) => (await explaining(read)(query), read(query)),
        one: async (query) => (await explaining(read)(query), first(query)),
      });
    });
  try {
    await call();
  } finally {
    Object.assign(db, { rows, one, transaction });
  }
  return statements;
}

async function rowsTouched(call: () => Promise<unknown>): Promise<number> {
  return (await statementsTouched(call)).reduce((sum, statement) => sum + statement.rows, 0);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.loginToken('admin');
  // What an import of one store's customer list leaves: 6,000 customers (155… mobiles, a third with
  // a visit), one car each (粤B… plates, LGB… VINs), and no fresh statistics.
  await server.db.run(sql`
    INSERT INTO customer (chain_id, store_id, name, mobile, source, last_visit_at)
    SELECT 1, 2 + n % 3, '导入客户' || n, '155' || lpad(n::text, 8, '0'), '导入',
           CASE WHEN n % 3 = 0 THEN now() - make_interval(days => n % 400) END
      FROM generate_series(1, ${IMPORTED}) n`);
  await server.db.run(sql`
    INSERT INTO vehicle (chain_id, store_id, customer_id, plate, vin, brand, series, model)
    SELECT chain_id, store_id, id, '粤B' || substr(mobile, 7), 'LGB' || lpad(substr(mobile, 4), 14, '0'), '大众', '朗逸', '1.5L'
      FROM customer WHERE source = '导入'`);
  customers = await server.db.rows<Customer>(sql`
    SELECT id, name, mobile, extract(epoch FROM last_visit_at)::float8 AS visit, total_spend AS spend FROM customer WHERE chain_id = 1`);
  vehicles = await server.db.rows<Vehicle>(sql`SELECT customer_id AS "customerId", plate, vin FROM vehicle WHERE chain_id = 1`);
});

afterAll(async () => {
  await server?.close();
});

// Few matches and many, of every shape a counter types: mobile prefixes, last digits, plates, VINs, names, one character.
const KEYWORDS = ['15500001', '1550000', '155', '15500001234', '1234', '粤B01234', 'B0123', '粤B', '001234', 'LGB', '导入客户12', '导'];

describe('keyword search over a large import', () => {
  it('touches rows in proportion to the chain, never chain × matches', async () => {
    // The chain's rows: its customers and their cars (a plate keyword reads the cars).
    const chain = customers.length + vehicles.length;
    for (const keyword of ['15500001', '1550000', '粤B', '导']) {
      const rows = await rowsTouched(() => list({ keyword }));
      // The old plan rescanned the 1,000 matches of 15500001 once per customer: over 6,000,000 rows.
      expect(rows, keyword).toBeLessThan(20 * chain);
    }
  });

  it('finds the same customers, counts them and pages them in order', async () => {
    for (const keyword of KEYWORDS) {
      const want = expected(keyword);
      const first = await list({ keyword, pageSize: 10 });
      expect(first, keyword).toMatchObject(counted(want.length));
      expect(first.list.map((row) => row.id), keyword).toEqual(want.slice(0, 10));
      const page = Math.max(1, Math.ceil(want.length / 50) - 1);
      const later = await list({ keyword, page, pageSize: 50 });
      expect(later.list.map((row) => row.id), `${keyword} page ${page}`).toEqual(want.slice((page - 1) * 50, page * 50));
    }
    expect(expected('1550000').length).toBeGreaterThan(5_000);
    expect(expected('15500001')).toHaveLength(1_000);
  });

  it('in another order, and past the last page', async () => {
    const bySpend = (keyword: string) => {
      const matched = new Set(expected(keyword));
      return customers.filter((c) => matched.has(c.id)).sort((a, b) => a.spend - b.spend || a.id - b.id).map((c) => c.id);
    };
    for (const keyword of ['15500001', '1550000', '粤B']) {
      const answer = await list({ keyword, sort: { field: 'totalSpend', order: 'asc' }, page: 2, pageSize: 20 });
      expect(answer.list.map((row) => row.id), keyword).toEqual(bySpend(keyword).slice(20, 40));
      const beyond = await list({ keyword, page: 1_000, pageSize: 10 });
      expect(beyond, keyword).toMatchObject({ ...counted(expected(keyword).length), list: [] });
    }
  });

  it('with other filters and in one store only', async () => {
    const store3 = new Set((await server.db.rows<{ id: number }>(sql`SELECT id FROM customer WHERE chain_id = 1 AND store_id = 3`)).map((row) => row.id));
    for (const keyword of ['15500001', '1550000']) {
      const answer = await list({ keyword, storeIds: [3], sources: ['导入'], pageSize: 200 });
      const want = expected(keyword).filter((id) => store3.has(id));
      expect(answer, keyword).toMatchObject(counted(want.length));
      expect(answer.list.map((row) => row.id), keyword).toEqual(want.slice(0, 200));
    }
  });

  it('a broad keyword counts to the cap and stops walking after its page; 选择全部 counts exactly', async () => {
    for (const keyword of ['155', '粤B', '导']) {
      const all = expected(keyword).length;
      expect(all, keyword).toBeGreaterThan(LIST_COUNT_CAP);
      const statements = await statementsTouched(() => list({ keyword, pageSize: 10 }));
      // The count reads to the match after the cap (each row counted in each plan node), whatever the chain.
      const count = statements.find((statement) => /SELECT count\(\*\)/.test(statement.sql))!;
      expect(count.rows, keyword).toBeLessThan(6 * LIST_COUNT_CAP);
      // The page's walk reads a few customers past the demo's, not the 6,000 matches.
      const walk = statements.find((statement) => /AS hit FROM customer c/.test(statement.sql))!;
      expect(walk.rows, keyword).toBeLessThan(2_000);
      const exact = await server.call<{ total: number }>('POST', '/client/count', { token: admin, body: { keyword } });
      expect(exact.data, keyword).toEqual({ total: all });
    }
  });

  it('tags every customer of a broad search by its condition, not only those counted', async () => {
    const made = await server.call<{ id: number }>('POST', '/tag', { token: admin, body: { name: '导入号段', groupName: '批量' } });
    expect(made.code, made.msg).toBe(0);
    const tagged = await server.call<{ customers: number }>('POST', '/tag/customers', { token: admin, body: { tagIds: [made.data.id], condition: { keyword: '1550000' } } });
    expect(tagged.code, tagged.msg).toBe(0);
    expect(tagged.data.customers).toBe(expected('1550000').length);
    const withTag = await server.call<{ total: number }>('POST', '/client/count', { token: admin, body: { tags: { mode: 'any', ids: [made.data.id] } } });
    expect(withTag.data.total).toBe(expected('1550000').length);
  });

  it('another chain finds none of them', async () => {
    const other = await server.loginToken('hx-admin');
    const answer = await server.call<ListAnswer>('POST', '/client/list', { token: other, body: { keyword: '1550000' } });
    expect(answer.code).toBe(0);
    expect(answer.data.total).toBe(0);
    expect((await server.call<{ total: number }>('POST', '/client/count', { token: other, body: { keyword: '1550000' } })).data).toEqual({ total: 0 });
  });

  it('live groups and an SMS audience count the same customers', async () => {
    for (const keyword of ['15500001', '1550000']) {
      const made = await server.call<{ id: number }>('POST', '/client/group', { token: admin, body: { name: `号段 ${keyword}`, kind: 'condition', condition: { keyword } } });
      expect(made.code, made.msg).toBe(0);
      const groups = await server.call<{ id: number; memberCount: number }[]>('GET', '/client/groups', { token: admin });
      expect(groups.data.find((group) => group.id === made.data.id)?.memberCount, keyword).toBe(expected(keyword).length);
      const templates = await server.call<{ id: number }[]>('GET', '/sms/templates', { token: admin });
      const preview = await server.call<{ matched: number }>('POST', '/sms/recipients/preview', {
        token: admin,
        body: { audience: { kind: 'group', groupId: made.data.id }, templateId: templates.data[0].id },
      });
      expect(preview.code, preview.msg).toBe(0);
      expect(preview.data.matched, keyword).toBe(expected(keyword).length);
    }
  });
});

describe('PostgreSQL: a request statement has a time limit, background work has none', () => {
  let bounded: TestServer;
  beforeAll(async () => {
    bounded = await startTestServer({ database: 'postgres', config: { statementTimeoutMs: 300 } });
  });
  afterAll(async () => {
    await bounded?.close();
  });

  it('answers 查询超时 (not a 500) when a search outlasts it; background statements have no limit', async () => {
    const token = await bounded.loginToken('admin');
    // Another session holds the customer table, so the search waits for it past its limit.
    const holder = new pg.Client({ connectionString: bounded.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE customer IN ACCESS EXCLUSIVE MODE');
      const answer = await bounded.call('POST', '/client/list', { token, body: { keyword: '138' } });
      expect(answer.status).toBe(200);
      expect(answer.code).toBe(Code.timeout);
      expect(answer.msg).toBe('查询超时，请缩小搜索条件后重试');
    } finally {
      await holder.end();
    }
    const after = await bounded.call<ListAnswer>('POST', '/client/list', { token, body: { keyword: '138' } });
    expect(after.code, after.msg).toBe(0);
    // Imports and campaigns run outside requests: their connections keep PostgreSQL's default, no limit.
    expect((await bounded.db.one<{ statement_timeout: string }>(sql`SHOW statement_timeout`))?.statement_timeout).toBe('0');
  });
});
