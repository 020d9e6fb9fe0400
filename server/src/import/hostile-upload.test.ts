/**
 * Issue 31: small xlsx files built to make the server inflate and hold hundreds of MB, sent to a
 * real server process (its memory is measured on its own): a 300 MB shared string declared
 * honestly (a 300 KB file), and a 450 MB sheet whose zip directory says 1,000 bytes. Each is
 * refused in Chinese, as a preview and as an import (customers and policies read the same way),
 * another chain is answered meanwhile, and the server's peak memory grows by less than
 * HOSTILE_RSS_BOUND over what it used before.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seededDataDir } from '../../../tests/support/server';
import { startChildServer, type ChildServer } from '../../../tests/support/child-server';
import { repeated, upload, xlsxFile, xlsxParts, zipFile } from '../../../tests/support/import-files';
import { IMPORT_LIMITS } from '../../../contracts/api/import';

const MB = 1024 * 1024;
/** What reading one hostile upload may add to the server's resident memory (measured: see DECISIONS.md). */
const HOSTILE_RSS_BOUND = 64 * MB;

let dataDir = '';
let child: ChildServer | undefined;
let manager = '';
let otherChain = '';

const login = async (username: string) => (await child!.call('POST', '/user/username-token', undefined, { username, password: DEMO_PASSWORD })).token!;

beforeAll(async () => {
  dataDir = await seededDataDir();
  child = await startChildServer({ dataDir });
  [manager, otherChain] = await Promise.all([login('manager'), login('hx-admin')]);
  // Warm: the import code loaded and run once, so what follows measures the files, not the start.
  const warm = await upload(child, '/client/import/preview', manager, { name: '客户.xlsx', bytes: await xlsxFile([['姓名', '手机号'], ['张三', '13800000000']]) });
  expect(warm.code, warm.msg).toBe(0);
}, 180_000);

afterAll(async () => {
  await child?.stop('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const HEADER = '<row r="1"><c r="A1" t="inlineStr"><is><t>姓名</t></is></c><c r="B1" t="inlineStr"><is><t>手机号</t></is></c></row>';

/**
 * Sends the file as a preview (customers) and as an import (policies) while another chain asks for
 * its user: both uploads refused with `message`, the other chain answered, no task created, and
 * the server's peak resident memory at most HOSTILE_RSS_BOUND over its memory before.
 */
async function refusedWithinBound(name: string, bytes: Buffer, message: RegExp) {
  expect(bytes.length).toBeLessThan(IMPORT_LIMITS.maxFileBytes);
  const before = child!.rss();
  const preview = upload(child!, '/client/import/preview', manager, { name, bytes });
  const other = child!.call('GET', '/user/info', otherChain);
  const start = upload(child!, '/client/import', manager, { name, bytes }, { kind: 'policy' });
  const answers = await Promise.all([preview, other, start]);
  const peak = child!.peakRss();
  expect(answers[1].code, answers[1].msg).toBe(0);
  for (const answer of [answers[0], answers[2]]) {
    expect({ status: answer.status, code: answer.code }).toEqual({ status: 200, code: 400 });
    expect(answer.msg).toMatch(message);
  }
  const tasks = await child!.call<unknown[]>('GET', '/client/import/tasks?kind=policy', manager);
  expect(tasks.data.some((task) => (task as { fileName: string }).fileName === name)).toBe(false);
  return { grownMb: Math.round((peak - before) / MB) };
}

describe('hostile xlsx files (issue 31)', () => {
  it('refuses a 300 MB shared string (declared honestly) in Chinese, without holding it', { timeout: 180_000 }, async () => {
    const bytes = await zipFile(xlsxParts([HEADER, '<row r="2"><c r="A2" t="s"><v>0</v></c></row>'], ['<si><t>', ...repeated('张', MB, 100), '</t></si>']));
    const { grownMb } = await refusedWithinBound('一个字符串.xlsx', bytes, /单元格超过 32,767 个字符/);
    expect(grownMb).toBeLessThan(HOSTILE_RSS_BOUND / MB);
  });

  it('refuses a 450 MB sheet whose zip directory declares 1,000 bytes, counting what it inflates', { timeout: 180_000 }, async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `<row r="${i + 2}"><c t="inlineStr"><is><t>客户${i}</t></is></c></row>`);
    const parts = xlsxParts([HEADER, ...rows, ...repeated('<c/>', 1536 * 1024, 75)]); // 450 MB of empty cells after 30 rows
    const bytes = await zipFile(parts.map((part) => (part.name === 'xl/worksheets/sheet1.xml' ? { ...part, declaredSize: 1000 } : part)));
    const { grownMb } = await refusedWithinBound('目录说谎.xlsx', bytes, /解压后超过 400 MB/);
    expect(grownMb).toBeLessThan(HOSTILE_RSS_BOUND / MB);
  });
});
