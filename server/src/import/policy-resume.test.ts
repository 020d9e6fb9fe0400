/**
 * A policy import survives kill -9 like the customer import: the server process is killed with
 * SIGKILL in the middle of a 6,000-row policy file, started again on the same data folder, and the
 * job resumes from its checkpoint: every policy written exactly once, the counts exact, and every
 * imported term in the renewal pipeline (待跟进, no follow-up row).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../../contracts/dates';
import { seededDataDir } from '../../../tests/support/server';
import type { ChildServer } from '../../../tests/support/child-server';
import { importKilledMidway } from '../../../tests/support/import-resume';
import { bigXlsxFile } from '../../../tests/support/import-files';
import { openDatabase, sql } from '../db/database';

const ROWS = 6000;
const plateOf = (i: number) => `藏Z${String(i).padStart(5, '0')}`;
const numberOf = (i: number) => `PRESUME${String(i).padStart(8, '0')}`;

let dataDir = '';
let running: ChildServer | undefined;
afterAll(() => {
  running?.process.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 in the middle of a policy import', () => {
  it('resumes after a restart with no duplicate policy and no lost row', { timeout: 300_000 }, async () => {
    dataDir = await seededDataDir();
    // The vehicles the policies belong to, in 李店长's store 城东店 (2): one customer and one car each.
    const setup = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await setup.run(sql`
        WITH c AS (
          INSERT INTO customer (chain_id, store_id, name, mobile)
          SELECT 1, 2, '续保客户' || i, '1990' || lpad(i::text, 7, '0') FROM generate_series(0, ${ROWS - 1}) AS i RETURNING id, name)
        INSERT INTO vehicle (chain_id, store_id, customer_id, plate, vin, brand, series, model)
        SELECT 1, 2, c.id, '藏Z' || lpad(substr(c.name, 5), 5, '0'), '', '大众', '朗逸', '' FROM c`);
    } finally {
      await setup.close();
    }
    const end = addDays(today(), 45);
    const start = addDays(end, -364);
    const bytes = await bigXlsxFile(
      ['车牌号', '保险公司', '保单号', '起保日期', '到期日期', '交强险保费', '商业险保费'],
      Array.from({ length: ROWS }, (_, i) => [plateOf(i), '中国人保', numberOf(i), start, end, 950, 2000 + i]),
    );

    const { before, after } = await importKilledMidway(dataDir, { name: '六千保单.xlsx', bytes }, {
      killAfter: 500,
      kind: 'policy',
      track: (child) => (running = child),
    });
    expect(before.processed).toBeLessThan(ROWS);
    expect(after.status).toBe('done');
    expect({ total: after.total, processed: after.processed, imported: after.imported, failed: after.failed, skipped: after.skipped })
      .toEqual({ total: ROWS, processed: ROWS, imported: ROWS, failed: 0, skipped: 0 });

    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const counts = await db.one<{ policies: number; numbers: number; current: number; followed: number; yuan: number }>(sql`
        SELECT count(*)::int AS policies, count(DISTINCT policy_no)::int AS numbers, count(*) FILTER (WHERE NOT superseded)::int AS current,
               (SELECT count(*)::int FROM insurance_renewal r JOIN insurance_policy q ON q.id = r.policy_id WHERE q.policy_no LIKE 'PRESUME%') AS followed,
               sum(commercial_premium)::float8 AS yuan
          FROM insurance_policy WHERE policy_no LIKE 'PRESUME%'`);
      const expectedYuan = Array.from({ length: ROWS }, (_, i) => 2000 + i).reduce((a, b) => a + b, 0);
      expect(counts).toEqual({ policies: ROWS, numbers: ROWS, current: ROWS, followed: 0, yuan: expectedYuan });
    } finally {
      await db.close();
    }
  });
});
