/**
 * 批量导入 over real HTTP with real files (exceljs xlsx, iconv-lite GBK CSV, UTF-8 BOM CSV): preview,
 * start, the background job to its end, duplicates, the error report, limits, cancel and tenancy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { importPreview, ImportTask } from '../../../contracts/api/import';
import { IMPORT_LIMITS } from '../../../contracts/api/import';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { importTaskFinished } from '../../../tests/support/waits';
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

async function importFile(token: string, bytes: Buffer, name = '客户.xlsx', fields: Record<string, string> = {}) {
  const started = await start(token, bytes, name, fields);
  expect(started.code, started.msg).toBe(0);
  return importTaskFinished(server, token, started.data.taskId);
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
    // The report lives on without the upload: a finished task keeps no copy of the spreadsheet.
    const stored = await server.db.one<{ bytes: number }>(sql`SELECT octet_length(file_bytes) AS bytes FROM import_task WHERE id = ${task.taskId}`);
    expect(stored!.bytes).toBe(0);
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

  it('answers a CSV of 200,000 columns and a BOM followed by GBK with a Chinese refusal, not HTTP 500 or mojibake', async () => {
    const wide = Buffer.from(`${Array.from({ length: 200_000 }, (_, i) => `列${i}`).join(',')}\r\n张三,13800000000\r\n`);
    const gbkAfterBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), gbkCsv([['姓名', '手机号'], ['张三', '13800000000']])]);
    for (const [bytes, message] of [[wide, '第 1 行超过 200 列'], [gbkAfterBom, '第 1 行不是 UTF-8 文字']] as const) {
      for (const path of ['/client/import/preview', '/client/import']) {
        const answer = await upload(server, path, manager, { name: '客户.csv', bytes });
        expect({ status: answer.status, code: answer.code }).toEqual({ status: 200, code: 400 });
        expect(answer.msg).toContain(message);
      }
    }
  });

  it('refuses a file over the size limit', async () => {
    const bytes = Buffer.alloc(IMPORT_LIMITS.maxFileBytes + 1024, 0x41);
    const answer = await upload(server, '/client/import/preview', manager, { name: '大文件.csv', bytes });
    expect(answer.code).toBe(400);
    expect(answer.msg).toMatch(/超过 20 MB/);
  });
});

describe('duplicates', () => {
  const SHORT = ['姓名', '手机号', '车牌号', '品牌', '备注'];

  it('skips, fills empty fields or overwrites a customer with the same mobile or plate, as chosen', async () => {
    const [m, p] = [mobile(), plate()];
    expect((await importFile(manager, await xlsxFile([SHORT, ['周一', m, p, '', '']]))).imported).toBe(1);
    const again = await xlsxFile([SHORT, ['周一改', m, p, '本田', '新备注']]);

    const skipped = await importFile(manager, again, '客户.xlsx', { duplicates: 'skip' });
    expect([skipped.imported, skipped.updated, skipped.skipped]).toEqual([0, 0, 1]);
    const row = async () =>
      server.db.one<{ name: string; remark: string; brand: string; customers: number }>(sql`
        SELECT c.name, c.remark, v.brand, (SELECT count(*)::int FROM customer WHERE mobile = ${m}) AS customers
          FROM customer c JOIN vehicle v ON v.customer_id = c.id WHERE c.mobile = ${m}`);
    expect(await row()).toEqual({ name: '周一', remark: '', brand: '', customers: 1 });

    const updated = await importFile(manager, again, '客户.xlsx', { duplicates: 'update' });
    expect([updated.imported, updated.updated, updated.skipped]).toEqual([0, 1, 0]);
    expect(await row()).toEqual({ name: '周一', remark: '新备注', brand: '本田', customers: 1 });

    const overwritten = await importFile(manager, await xlsxFile([SHORT, ['周一新', m, p, '', '']]), '客户.xlsx', { duplicates: 'overwrite' });
    expect(overwritten.updated).toBe(1);
    // Overwrite replaces with what the row has; an empty cell never erases.
    expect(await row()).toEqual({ name: '周一新', remark: '新备注', brand: '本田', customers: 1 });
  });

  it('never makes two customers of two rows of one file with the same mobile or plate', async () => {
    const [m1, m2, m3, p] = [mobile(), mobile(), mobile(), plate()];
    const task = await importFile(manager, await xlsxFile([SHORT, ['吴一', m1, '', '', ''], ['吴一', m1, '', '', '第二行'], ['郑二', m2, p, '', ''], ['郑三', m3, p, '', '']]));
    expect([task.imported, task.skipped]).toEqual([2, 2]);
    expect((await customersWith([m1, m2, m3])).length).toBe(2);

    const [m4] = [mobile()];
    const merged = await importFile(manager, await xlsxFile([SHORT, ['冯四', m4, '', '', ''], ['', m4, '', '大众', '补充的备注']]), '客户.xlsx', { duplicates: 'update' });
    expect([merged.imported, merged.updated]).toEqual([1, 1]);
    const [customer] = await customersWith([m4]);
    expect([customer.name, customer.remark]).toEqual(['冯四', '补充的备注']);
  });
});

describe('potential customers', () => {
  it('imports leads with their source and intent into 潜在客户, linked to the task, and skips known ones', async () => {
    const [m, p] = [mobile(), 'ZZZ'];
    const file = await xlsxFile([['姓名', '手机', '车牌号', '来源', '意向项目', '备注'], ['林一', m, '', '抖音活动', '保养套餐', '周末来'], ['林二', m, '', '朋友介绍', '', ''], ['', '', p, '', '', '']]);
    const task = await importFile(manager, file, '线索.xlsx', { kind: 'potential' });
    expect(task.kind).toBe('potential');
    expect([task.imported, task.skipped, task.failed]).toEqual([1, 1, 1]);
    const leads = await server.db.rows<{ name: string; source: string; intent: string; remark: string; store_id: number; import_task_id: number; status: string }>(sql`
      SELECT name, source, intent, remark, store_id, import_task_id, status FROM potential_customer WHERE mobile = ${m}`);
    expect(leads).toEqual([{ name: '林一', source: '抖音活动', intent: '保养套餐', remark: '周末来', store_id: 2, import_task_id: task.taskId, status: 'pending' }]);
    expect((await customersWith([m])).length).toBe(0);
    const list = await server.call<ImportTask[]>('GET', '/client/import/tasks', { token: manager, query: { kind: 'potential' } });
    expect(list.data.map((item) => item.taskId)).toContain(task.taskId);
  });

  it('turns a lead into 已到店 when the customer import brings in its mobile or its plate, keeping its history', async () => {
    const [byMobile, other] = [mobile(), mobile()];
    const plate = `浙A${String(Math.floor(Math.random() * 90000) + 10000)}`;
    const leads = await importFile(manager, await xlsxFile([['姓名', '手机', '车牌号', '来源'], ['线索甲', byMobile, '', '抖音'], ['线索乙', '', plate, '转介绍']]), '线索.xlsx', { kind: 'potential' });
    expect(leads.imported).toBe(2);
    const customers = await importFile(manager, await xlsxFile([['姓名', '手机号', '车牌号'], ['线索甲', byMobile, ''], ['新车主', other, plate]]), '客户.xlsx');
    expect(customers.imported).toBe(2);
    const rows = await server.db.rows<{ name: string; status: string; customer_mobile: string; notes: string[] }>(sql`
      SELECT p.name, p.status, c.mobile AS customer_mobile, array(SELECT f.note FROM potential_follow_up f WHERE f.potential_id = p.id ORDER BY f.id) AS notes
        FROM potential_customer p JOIN customer c ON c.id = p.customer_id
       WHERE p.import_task_id = ${leads.taskId} ORDER BY p.name`);
    expect(rows.map((row) => [row.name, row.status, row.customer_mobile])).toEqual([['线索乙', 'visited', other], ['线索甲', 'visited', byMobile]].sort((a, b) => a[0].localeCompare(b[0])));
    for (const row of rows) expect(row.notes.at(-1)).toMatch(/转为客户/);
  });
});

describe('template and presets', () => {
  it('hands out a template whose example row passes the rules, with a note on each header', async () => {
    for (const kind of ['customer', 'potential'] as const) {
      const template = await download(server, '/client/import/template', manager, { kind });
      expect(template.headers.get('content-disposition')).toMatch(/filename\*=UTF-8''/);
      const [sheet] = await readXlsx(template.bytes!);
      const config = await server.call<{ columns: { title: string }[] }>('GET', '/client/import/task-config', { token: manager, query: { type: kind } });
      expect(sheet.rows[0]).toEqual(config.data.columns.map((column) => column.title));
      const preview = await upload<Preview>(server, '/client/import/preview', manager, { name: '模板.xlsx', bytes: template.bytes! }, { kind });
      expect(preview.data.mapping.every((field) => field !== null)).toBe(true);
      expect(preview.data.rows[0].problems).toEqual([]);
    }
    expect((await server.call<{ columns: { title: string }[] }>('GET', '/client/import/task-config', { token: manager })).data.columns.map((column) => column.title)).toEqual(
      ['姓名', '手机号', '车牌号', '车架号', '品牌', '车型', '里程', '上次到店日期', '保险到期日', '门店', '标签', '备注'],
    );
  });

  it('saves mapping presets per chain (same name replaced) and refuses a malformed one', async () => {
    const body = { type: 'customer', name: '旧系统导出', headers: ['客户', '电话', '其它'], mapping: ['name', 'mobile', null] };
    expect((await server.call('PUT', '/client/import/task-config', { token: manager, body })).code).toBe(0);
    const saved = await server.call<{ presets: { name: string; mapping: unknown[] }[] }>('PUT', '/client/import/task-config', { token: manager, body: { ...body, mapping: ['name', 'mobile', 'remark'] } });
    expect(saved.code, saved.msg).toBe(0);
    const config = await server.call<{ presets: { name: string; headers: string[]; mapping: unknown[] }[] }>('GET', '/client/import/task-config', { token: admin, query: { type: 'customer' } });
    expect(config.data.presets.filter((preset) => preset.name === '旧系统导出')).toEqual([{ name: '旧系统导出', headers: ['客户', '电话', '其它'], mapping: ['name', 'mobile', 'remark'] }]);
    const other = await server.call<{ presets: unknown[] }>('GET', '/client/import/task-config', { token: hxAdmin, query: { type: 'customer' } });
    expect(other.data.presets).toEqual([]);
    const bad = await server.call('PUT', '/client/import/task-config', { token: manager, body: { ...body, name: '' } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/方案名称/);
  });
});

describe('limits', () => {
  // Zip bombs and over-long cells: server/src/import/hostile-upload.test.ts (a server process of its own, its memory measured).
  it('refuses a file with too many rows', async () => {
    const rows = [['姓名'], ...Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, (_, i) => [`客户${i}`])];
    const tooMany = await upload(server, '/client/import', manager, { name: '太多.csv', bytes: utf8BomCsv(rows) });
    expect(tooMany.code).toBe(400);
    expect(tooMany.msg).toMatch(/超过 200,000 行/);
    const tasks = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM import_task WHERE file_name = '太多.csv'`);
    expect(tasks!.n).toBe(0);
  });

  it('refuses a mapping that is not JSON or names unknown fields, and a file without a name or mobile column', async () => {
    const bytes = await xlsxFile([['车牌号'], ['浙A12345']]);
    for (const mapping of ['{', '["nope"]', '[1]']) {
      const answer = await upload(server, '/client/import', manager, { name: 'a.xlsx', bytes }, { mapping });
      expect(answer.msg).toMatch(/列对应关系格式不正确/);
    }
    const none = await upload(server, '/client/import', manager, { name: 'a.xlsx', bytes });
    expect(none.msg).toMatch(/没有找到「姓名」或「手机号」列/);
    const kind = await upload(server, '/client/import', manager, { name: 'a.xlsx', bytes }, { kind: 'nope' });
    expect(kind.code).toBe(400);
    expect(kind.msg).toMatch(/导入类型/);
  });
});

/** A file big enough that the job is still running when the test acts on it. */
async function manyRows(count: number) {
  const mobiles = Array.from({ length: count }, () => mobile());
  return { mobiles, bytes: await xlsxFile([['姓名', '手机号'], ...mobiles.map((m, i) => [`批量${i}`, m])]) };
}

describe('one import at a time, and cancel', () => {
  it('refuses a second start for the same store while one runs (two at once: exactly one wins)', async () => {
    const { bytes } = await manyRows(3000);
    const answers = await Promise.all([start(manager, bytes, '甲.xlsx'), start(manager, bytes, '乙.xlsx')]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 409]);
    expect(answers.find((answer) => answer.code === 409)!.msg).toMatch(/本门店已有导入任务正在进行/);
    const winner = answers.find((answer) => answer.code === 0)!.data.taskId;
    expect((await importTaskFinished(server, manager, winner)).imported).toBe(3000);
  });

  it('cancels a running import: rows already imported stay, the counts match the database, the store is free again', async () => {
    const { bytes, mobiles } = await manyRows(5000);
    const started = await start(manager, bytes, '取消.xlsx');
    expect(started.code, started.msg).toBe(0);
    const cancelled = await server.call<ImportTask>('POST', '/client/import/cancel', { token: manager, body: { taskId: started.data.taskId } });
    expect(cancelled.code, cancelled.msg).toBe(0);
    expect(cancelled.data.status).toBe('cancelled');
    const task = await importTaskFinished(server, manager, started.data.taskId);
    expect(task.status).toBe('cancelled');
    expect(task.imported).toBeLessThan(5000);
    const stored = await server.db.one<{ bytes: number }>(sql`SELECT octet_length(file_bytes) AS bytes FROM import_task WHERE id = ${task.taskId}`);
    expect(stored!.bytes).toBe(0);
    expect(task.processed).toBe(task.imported);
    expect((await customersWith(mobiles)).length).toBe(task.imported);
    const again = await server.call('POST', '/client/import/cancel', { token: manager, body: { taskId: started.data.taskId } });
    expect(again.code).toBe(409);
    const audit = await server.db.rows<{ action: string }>(sql`SELECT action FROM audit_log WHERE target_type = 'import' AND target_id = ${started.data.taskId} ORDER BY id`);
    expect(audit.map((entry) => entry.action)).toEqual(['import.start', 'import.cancel']);
    const next = await importFile(manager, await xlsxFile([['姓名', '手机号'], ['取消后', mobile()]]));
    expect(next.imported).toBe(1);
  });
});

describe('tenancy', () => {
  it('keeps tasks, reports and cancel to the chain and stores of the caller', async () => {
    const task = await importFile(manager, await xlsxFile([['姓名', '手机号'], ['', 'x']]));
    for (const [method, path] of [['GET', '/client/import/task'], ['POST', '/client/import/cancel']] as const) {
      const answer = await server.call(method, path, { token: hxAdmin, ...(method === 'GET' ? { query: { taskId: task.taskId } } : { body: { taskId: task.taskId } }) });
      expect(answer.code, path).toBe(404);
      expect(answer.msg).toMatch(/导入任务不存在/);
    }
    const report = await download(server, '/client/import/report', hxAdmin, { taskId: task.taskId });
    expect(report.envelope?.code).toBe(404);
    const list = await server.call<ImportTask[]>('GET', '/client/import/tasks', { token: hxAdmin });
    expect(list.data.some((item) => item.taskId === task.taskId)).toBe(false);
  });

  it('never lets a store user import into another store through the 门店 column; headquarters may', async () => {
    const [m1, m2] = [mobile(), mobile()];
    const file = await xlsxFile([['姓名', '手机号', '门店'], ['越权', m1, '城西店'], ['本店', m2, '城东店']]);
    const task = await importFile(manager, file);
    expect([task.imported, task.failed]).toEqual([1, 1]);
    expect(task.errors[0].message).toMatch(/门店「城西店」不存在或不在你的数据范围内/);
    expect((await customersWith([m1, m2])).map((customer) => [customer.name, customer.store_id])).toEqual([['本店', 2]]);

    const [m3] = [mobile()];
    const byHq = await importFile(admin, await xlsxFile([['姓名', '手机号', '门店'], ['西店客户', m3, '城西店']]));
    expect(byHq.imported).toBe(1);
    expect((await customersWith([m3]))[0].store_id).toBe(3);
    const other = await importFile(hxAdmin, await xlsxFile([['姓名', '手机号', '门店'], ['跨连锁', mobile(), '城东店']]));
    expect(other.failed).toBe(1);
  });

  it('refuses every import call without the 客户导入 permission', async () => {
    const frontdesk = await server.loginToken('frontdesk');
    const bytes = await xlsxFile([['姓名'], ['某']]);
    expect((await upload(server, '/client/import', frontdesk, { name: 'a.xlsx', bytes })).code).toBe(403);
    expect((await upload(server, '/client/import/preview', frontdesk, { name: 'a.xlsx', bytes })).code).toBe(403);
    expect((await download(server, '/client/import/template', frontdesk, { kind: 'customer' })).envelope?.code).toBe(403);
    expect((await server.call('GET', '/client/import/tasks', { token: frontdesk })).code).toBe(403);
  });
});

describe('the demo’s sample files (docs/samples/)', () => {
  it('imports 客户导入示例.xlsx with its 3 bad rows reported and 1 VIN to check, and the GBK 潜在客户导入示例.csv', async () => {
    const samples = path.resolve(import.meta.dirname, '..', '..', '..', 'docs', 'samples');
    const customers = await importFile(manager, readFileSync(path.join(samples, '客户导入示例.xlsx')), '客户导入示例.xlsx');
    expect({ imported: customers.imported, failed: customers.failed, warned: customers.warned }).toEqual({ imported: 27, failed: 3, warned: 1 });
    const leads = await importFile(manager, readFileSync(path.join(samples, '潜在客户导入示例.csv')), '潜在客户导入示例.csv', { kind: 'potential' });
    expect({ imported: leads.imported, failed: leads.failed }).toEqual({ imported: 3, failed: 2 });
  });
});
