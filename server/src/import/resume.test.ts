/**
 * The import survives kill -9: a real server process (as npm start runs it, on a PGlite data
 * folder) is killed with SIGKILL in the middle of a 6,000-row import, started again on the same
 * folder, and the job resumes from its checkpoint: every row imported exactly once, the counts exact.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seededDataDir } from '../../../tests/support/server';
import type { ChildServer } from '../../../tests/support/child-server';
import { importKilledMidway } from '../../../tests/support/import-resume';
import { bigXlsxFile } from '../../../tests/support/import-files';
import { openDatabase, sql } from '../db/database';

// Enough rows for the kill to land mid-import with many checkpoints on either side (as policy-resume).
const ROWS = 6000;

let dataDir = '';
let running: ChildServer | undefined;
afterAll(() => {
  running?.process.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 in the middle of an import', () => {
  it('resumes after a restart with no duplicate and no lost row', { timeout: 300_000 }, async () => {
    dataDir = await seededDataDir();
    const mobiles = Array.from({ length: ROWS }, (_, i) => `1660${String(i).padStart(7, '0')}`);
    const bytes = await bigXlsxFile(
      ['姓名', '手机号', '车牌号', '品牌', '里程'],
      mobiles.map((mobile, i) => [`客户${i}`, mobile, `沪B${String(i).padStart(5, '0')}`, '大众', 10_000 + i]),
    );

    const { before, after } = await importKilledMidway(dataDir, { name: '六千客户.xlsx', bytes }, {
      killAfter: 1000,
      track: (child) => (running = child),
    });
    expect(before.processed).toBeLessThan(ROWS);
    expect(after.status).toBe('done');
    expect({ total: after.total, processed: after.processed, imported: after.imported, failed: after.failed, skipped: after.skipped }).toEqual({ total: ROWS, processed: ROWS, imported: ROWS, failed: 0, skipped: 0 });

    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const counts = await db.one<{ customers: number; distinct_mobiles: number; vehicles: number }>(sql`
        SELECT count(*)::int AS customers, count(DISTINCT mobile)::int AS distinct_mobiles,
               (SELECT count(*)::int FROM vehicle v JOIN customer c ON c.id = v.customer_id WHERE c.mobile = ANY(${sql.param(mobiles)}::text[])) AS vehicles
          FROM customer WHERE mobile = ANY(${sql.param(mobiles)}::text[])`);
      expect(counts).toEqual({ customers: ROWS, distinct_mobiles: ROWS, vehicles: ROWS });
    } finally {
      await db.close();
    }
  });
});
