/**
 * 批量导入 over real HTTP with real files (exceljs xlsx, iconv-lite GBK CSV, UTF-8 BOM CSV): preview,
 * start, the background job to its end, duplicates, the error report, limits, cancel and tenancy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { importPreview, ImportTask } from '../../../contracts/api/import';
import { IMPORT_LIMITS } from '../../../contracts/api/import';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { download, gbkCsv, readXlsx, upload, utf8BomCsv, xlsxFile, type SheetCell } from '../../../tests/support/import-files';

type Preview = AnswerOf<typeof importPreview>;

let server: TestServer;
let admin: string;
let manager: string;
let hxAdmin: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, hxAdmin] = await Promise.all([server.loginToken('admin'), server.loginToken('manager'), server.loginToken('hx-admin')]);
});
afterAll(() => server?.close());

const HEADER = ['客户姓名', '手机号码', '车牌', '车架号', '品牌', '车型', '里程', '上次到店', '保险到期', '门店', '标签', '备注'];

/** Unique, valid mobiles per test so runs never collide with the seed or each other. */
let serial = 0;
const mobile = () => `1770${String(100000 + serial++).padStart(7, '0')}`;
const plate = () => `浙Z${String(10000 + serial++).slice(-5)}`;

async function start(token: string, bytes: Buffer, name: string, fields: Record<string, string> = {}) {
  return upload<{ taskId: number }>(server, '/client/import', token, { name, bytes }, fields);
}

/** Polls the task until it is no longer queued/running (the widget does the same). */
async function finished(token: string, taskId: number): Promise<ImportTask> {
  for (;;) {
    const answer = await server.call<ImportTask>('GET', '/client/import/task', { token, query: { taskId } });
    expect(answer.code, answer.msg).toBe(0);
    if (answer.data.status !== 'queued' && answer.data.status !== 'running') return answer.data;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function importFile(token: string, bytes: Buffer, name = '客户.xlsx', fields: Record<string, string> = {}) {
  const started = await start(token, bytes, name, fields);
  expect(started.code, started.msg).toBe(0);
  return finished(token, started.data.taskId);
}

const customersWith = (mobiles: string[]) =>
  server.db.rows<{ id: number; name: string; mobile: string; store_id: number; remark: string; source: string; last_visit_at: string | null }>(sql`
    SELECT id, name, mobile, store_id, remark, source, last_visit_at FROM customer WHERE mobile = ANY(${sql.param(mobiles)}::text[]) ORDER BY id`);

describe('preview', () => {
  it('recognises the headers, reads formula cells as their values and marks the problems of the first rows', async () => {
    const m = mobile();
    const bytes = await xlsxFile([
      HEADER,
      ['张三', { formula: `"${m.slice(0, 3)}"&"${m.slice(3)}"`, result: m } as SheetCell, '浙A12345', '', '大众', '朗逸', '5.6万', new Date(Date.UTC(2026, 2, 18)), '2026/9/30', '', '老客户', ''],
      ['', '123', '浙A1234', '', '', '', '', '', '', '', '', ''],
    ]);
    const answer = await upload<Preview>(server, '/client/import/preview', manager, { name: '客户.xlsx', bytes });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.format).toBe('xlsx');
    expect(answer.data.mapping).toEqual(['name', 'mobile', 'plate', 'vin', 'brand', 'series', 'mileage', 'lastVisitDate', 'insuranceExpiry', 'store', 'tags', 'remark']);
    expect(answer.data.total).toBe(2);
    expect(answer.data.rows[0].cells[1]).toBe(m);
    expect(answer.data.rows[0].cells[7]).toBe('2026-03-18');
    expect(answer.data.rows[0].problems).toEqual([]);
    expect(answer.data.rows[1].row).toBe(3);
    expect(answer.data.rows[1].problems.map((problem) => [problem.field, problem.level])).toEqual([['mobile', 'error'], ['plate', 'error']]);
    expect(answer.data.rows[1].problems[0].message).toMatch(/手机号格式不正确/);
  });

  it('reads a GBK CSV (Chinese Excel) and a UTF-8 CSV with BOM without mojibake, quotes and line breaks included', async () => {
    const rows = [['姓名', '手机', '备注'], ['王五', mobile(), '说"好",\n周末来']];
    for (const [bytes, format] of [[gbkCsv(rows), 'gb18030'], [utf8BomCsv(rows), 'utf-8']] as const) {
      const answer = await upload<Preview>(server, '/client/import/preview', manager, { name: '客户.csv', bytes });
      expect(answer.code, answer.msg).toBe(0);
      expect(answer.data.format).toBe(format);
      expect(answer.data.headers).toEqual(['姓名', '手机', '备注']);
      expect(answer.data.rows[0].cells[0]).toBe('王五');
      expect(answer.data.rows[0].cells[2]).toBe('说"好",\n周末来');
    }
  });
});

describe('import', () => {
  it('imports customers with their vehicles and tags, in the current store, and reports the bad rows with their reasons', async () => {
    const [a, b, c] = [mobile(), mobile(), mobile()];
    const [pa, pb] = [plate(), plate()];
    const bytes = await xlsxFile([
      HEADER,
      ['赵一', a, pa, 'LSVAU218XN2183294', '大众', '朗逸', '56,000 km', '2026-03-18', '2026年9月30日', '', '导入客户、老客户', '=HYPERLINK("http://x")'],
      ['钱二', b, pb, 'LSVAU2180N2183294', '丰田', '卡罗拉', '', '', '', '', '', ''],
      ['孙三', '12345', '', '', '', '', '', '', '', '', '', ''],
      ['', '', '', '', '', '', '', '', '', '', '', ''],
      ['李四', c, '浙A1234O', '', '', '', '', '', '', '', '', ''],
    ]);
    const task = await importFile(manager, bytes);
    expect(task.status).toBe('done');
    expect({ total: task.total, processed: task.processed, imported: task.imported, failed: task.failed, warned: task.warned }).toEqual({ total: 4, processed: 4, imported: 2, failed: 2, warned: 1 });
    expect(task.errors.map((error) => [error.row, error.level])).toEqual([[3, 'warning'], [4, 'error'], [6, 'error']]);
    expect(task.errors[1].message).toMatch(/手机号格式不正确/);

    const customers = await customersWith([a, b, c]);
    expect(customers.map((customer) => customer.name)).toEqual(['赵一', '钱二']);
    expect(customers.every((customer) => customer.store_id === 2)).toBe(true); // 李店长's store 城东店
    expect(customers[0].last_visit_at).not.toBeNull();
    const vehicle = await server.db.one<{ plate: string; mileage: number; insurance_expiry: string; vin: string; brand: string }>(sql`
      SELECT plate, mileage, insurance_expiry, vin, brand FROM vehicle WHERE customer_id = ${customers[0].id}`);
    expect(vehicle).toEqual({ plate: pa, mileage: 56000, insurance_expiry: '2026-09-30', vin: 'LSVAU218XN2183294', brand: '大众' });
    const tags = await server.db.rows<{ name: string }>(sql`SELECT t.name FROM customer_tag ct JOIN tag t ON t.id = ct.tag_id WHERE ct.customer_id = ${customers[0].id} ORDER BY t.name`);
    expect(tags.map((tag) => tag.name).sort()).toEqual(['导入客户', '老客户'].sort());

    const report = await download(server, '/client/import/report', manager, { taskId: task.taskId });
    expect(report.envelope).toBeNull();
    const [errors, notes] = await readXlsx(report.bytes!);
    expect(errors.name).toBe('未导入的行');
    expect(errors.rows[0]).toEqual([...HEADER, '原行号', '错误原因']);
    expect(errors.rows.slice(1).map((row) => row[0])).toEqual(['孙三', '李四']);
    expect(String(errors.rows[1][13])).toMatch(/手机号格式不正确/);
    expect(notes.rows.slice(1).map((row) => row[0])).toEqual(['钱二']);
    expect(String(notes.rows[1][13])).toMatch(/校验位/);
  });

  it('neutralises formula-like cells in the report', async () => {
    const bytes = await xlsxFile([HEADER, ['=1+1', '12', '', '', '', '', '', '', '', '', '', '@SUM(A1)']]);
    const task = await importFile(manager, bytes);
    const report = await download(server, '/client/import/report', manager, { taskId: task.taskId });
    const [errors] = await readXlsx(report.bytes!);
    expect(errors.rows[1][0]).toBe("'=1+1");
    expect(errors.rows[1][11]).toBe("'@SUM(A1)");
  });
});

describe('limits and malformed files', () => {
  it('refuses an old .xls, an empty file, a broken xlsx and a non-multipart request in Chinese', async () => {
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    const cases: [string, Buffer, RegExp][] = [
      ['客户.xls', xls, /另存为.*xlsx/],
      ['客户.csv', Buffer.alloc(0), /空/],
      ['客户.xlsx', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)]), /不是有效的 \.xlsx/],
    ];
    for (const [name, bytes, message] of cases) {
      const answer = await upload(server, '/client/import/preview', manager, { name, bytes });
      expect(answer.code, name).toBe(400);
      expect(answer.msg).toMatch(message);
    }
    const json = await server.call('POST', '/client/import', { token: manager, body: { kind: 'customer' } });
    expect(json.code).toBe(400);
    expect(json.msg).toMatch(/表单/);
    const none = await upload(server, '/client/import', manager, null, { kind: 'customer' });
    expect(none.msg).toMatch(/请选择要导入的文件/);
  });

  it('refuses a file over the size limit', async () => {
    const bytes = Buffer.alloc(IMPORT_LIMITS.maxFileBytes + 1024, 0x41);
    const answer = await upload(server, '/client/import/preview', manager, { name: '大文件.csv', bytes });
    expect(answer.code).toBe(400);
    expect(answer.msg).toMatch(/超过 20 MB/);
  });
});
