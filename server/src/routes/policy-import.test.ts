/**
 * 批量导入保单 (kind policy) over real HTTP with real files: template, preview, the job to its end,
 * rows refused with Chinese reasons, duplicates by 保单号 in each mode, tenancy (another chain's or
 * another store's vehicle is an error row, never written), and the policies in 保险查询's pipeline.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { importPreview, ImportTask } from '../../../contracts/api/import';
import { addDays, today } from '../../../contracts/dates';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { importTaskFinished } from '../../../tests/support/waits';
import { download, readXlsx, upload, xlsxFile, type SheetCell } from '../../../tests/support/import-files';

type Preview = AnswerOf<typeof importPreview>;
interface Vehicle { id: number; plate: string; vin: string; store_id: number }

let server: TestServer;
let admin: string;
let manager: string;
let hxAdmin: string;
/** Vehicles of 城东店 (李店长's store), 城西店 (chain 1, not his) and of the other chain. */
let own: Vehicle[];
let otherStore: Vehicle;
let otherChain: Vehicle;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, hxAdmin] = await Promise.all([server.loginToken('admin'), server.loginToken('manager'), server.loginToken('hx-admin')]);
  // Vehicles whose plate is unique in their chain, so the plate alone finds them.
  const unique = (where: ReturnType<typeof sql>, limit: number) => server.db.rows<Vehicle>(sql`
    SELECT v.id, v.plate, v.vin, v.store_id FROM vehicle v
     WHERE ${where} AND NOT EXISTS (SELECT 1 FROM vehicle o WHERE o.chain_id = v.chain_id AND o.plate = v.plate AND o.id <> v.id)
     ORDER BY v.id LIMIT ${limit}`);
  // 12 cars of 城东店 without any policy yet (every seeded car has one): an imported term is their latest, the one the pipeline follows.
  await server.db.run(sql`
    WITH c AS (INSERT INTO customer (chain_id, store_id, name, mobile) SELECT 1, 2, '保单客户' || i, '1991000' || lpad(i::text, 4, '0') FROM generate_series(1, 12) AS i RETURNING id, name)
    INSERT INTO vehicle (chain_id, store_id, customer_id, plate, vin, brand, series, model)
    SELECT 1, 2, c.id, '藏Y' || lpad(substr(c.name, 5), 5, '0'), CASE WHEN c.name = '保单客户4' THEN 'LSVAU218XN2183294' ELSE '' END, '大众', '朗逸', '' FROM c`);
  own = await unique(sql`v.chain_id = 1 AND v.store_id = 2 AND v.plate LIKE '藏Y%'`, 12);
  [otherStore] = await unique(sql`v.chain_id = 1 AND v.store_id = 3`, 1);
  [otherChain] = await unique(sql`v.chain_id <> 1`, 1);
  expect(own.length).toBe(12);
});
afterAll(() => server?.close());

const HEADER = ['车牌号', '车架号', '保险公司', '保单号', '险种', '起保日期', '到期日期', '交强险保费', '商业险保费', '车船税', '承保险别', '经办人'];
const end = addDays(today(), 20); // in 30天内到期
const start = addDays(end, -364);
let serial = 0;
const policyNo = () => `PTEST${Date.now().toString(36).toUpperCase()}${String(serial++).padStart(4, '0')}`;

async function importPolicies(token: string, rows: SheetCell[][], fields: Record<string, string> = {}, header = HEADER) {
  const started = await upload<{ taskId: number }>(server, '/client/import', token, { name: '保单.xlsx', bytes: await xlsxFile([header, ...rows]) }, { kind: 'policy', ...fields });
  expect(started.code, started.msg).toBe(0);
  return importTaskFinished(server, token, started.data.taskId);
}

const policiesNumbered = (numbers: string[]) => server.db.rows<{ policy_no: string; vehicle_id: number; store_id: number; insurer: string; compulsory_fen: number; commercial_fen: number;
  vehicle_tax_fen: number; commercial_lines: { code: string; name: string; limit: number }[]; agent_name: string; agent_id: number | null; start_date: string; expiry_date: string }>(sql`
  SELECT policy_no, vehicle_id, store_id, insurer, round(compulsory_premium * 100)::int AS compulsory_fen, round(commercial_premium * 100)::int AS commercial_fen,
         vehicle_tax_fen, commercial_lines, agent_name, agent_id, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(expiry_date, 'YYYY-MM-DD') AS expiry_date
    FROM insurance_policy WHERE policy_no = ANY(${sql.param(numbers)}::text[]) ORDER BY policy_no`);

describe('template and preview', () => {
  it('hands out a template whose headers, notes and example row the preview reads back without a problem', async () => {
    const template = await download(server, '/client/import/template', manager, { kind: 'policy' });
    expect(template.envelope ?? null).toBeNull();
    const [sheet] = await readXlsx(template.bytes!);
    const config = await server.call<{ title: string; columns: { title: string; required: boolean }[]; duplicateRule: string }>('GET', '/client/import/task-config', { token: manager, query: { type: 'policy' } });
    expect(config.data.title).toBe('保单批量导入');
    expect(sheet.rows[0]).toEqual(config.data.columns.map((column) => column.title));
    expect(sheet.rows[0]).toEqual(['车牌号', '车架号', '保险公司', '保单号', '险种', '起保日期', '到期日期', '交强险保费', '商业险保费', '车船税', '承保险别', '经办人']);
    expect(config.data.columns.filter((column) => column.required).map((column) => column.title)).toEqual(['车牌号', '保险公司', '保单号', '起保日期', '到期日期']);
    expect(config.data.duplicateRule).toMatch(/保单号相同/);
    const preview = await upload<Preview>(server, '/client/import/preview', manager, { name: '模板.xlsx', bytes: template.bytes! }, { kind: 'policy' });
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data.mapping).toEqual(['plate', 'vin', 'insurer', 'policyNo', 'policyType', 'startDate', 'endDate', 'compulsoryPremium', 'commercialPremium', 'vehicleTax', 'coverages', 'agent']);
    expect(preview.data.rows[0].problems).toEqual([]);
  });

  it('recognises an old system’s headers (one 保费 column with 险种) and marks bad rows in Chinese', async () => {
    const bytes = await xlsxFile([
      ['号牌号码', '承保公司', '保险单号', '险种类型', '保险起期', '保险止期', '保费', '业务员'],
      [own[0].plate, '平安保险', policyNo(), '交强险', start, end, 950, '李店长'],
      ['浙A1234', '', '', '', '2026-05-01', '2026-04-01', '12.345', ''],
      [own[1].plate, '平安保险', policyNo(), '', start, end, 3000, ''],
    ]);
    const answer = await upload<Preview>(server, '/client/import/preview', manager, { name: '旧系统保单.xlsx', bytes }, { kind: 'policy' });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.mapping).toEqual(['plate', 'insurer', 'policyNo', 'policyType', 'startDate', 'endDate', 'premium', 'agent']);
    expect(answer.data.rows[0].problems).toEqual([]);
    const messages = answer.data.rows[1].problems.map((problem) => problem.message);
    expect(messages).toEqual(expect.arrayContaining([
      expect.stringMatching(/车牌号格式不正确/), '保险公司不能为空', '保单号不能为空', '到期日期应晚于起保日期', expect.stringMatching(/保费应为金额（元），最多两位小数/),
    ]));
    expect(answer.data.rows[2].problems.map((problem) => problem.message)).toEqual([expect.stringMatching(/填写了「保费」时，请在「险种」中注明交强险或商业险/)]);
  });

  it('refuses to start without the columns that find a vehicle and make a policy, and a mapping of another kind', async () => {
    const bytes = await xlsxFile([['保险公司', '保单号'], ['人保', 'P1']]);
    const none = await upload(server, '/client/import', manager, { name: 'a.xlsx', bytes }, { kind: 'policy' });
    expect(none.code).toBe(400);
    expect(none.msg).toMatch(/没有找到「车牌号」或「车架号」列/);
    const partial = await upload(server, '/client/import', manager, { name: 'a.xlsx', bytes: await xlsxFile([['车牌号', '保单号'], ['浙A12345', 'P1']]) }, { kind: 'policy' });
    expect(partial.msg).toMatch(/没有找到「保险公司」、「起保日期」、「到期日期」列/);
    const wrong = await upload(server, '/client/import', manager, { name: 'a.xlsx', bytes }, { kind: 'policy', mapping: JSON.stringify(['name', 'mobile']) });
    expect(wrong.msg).toMatch(/不属于这种导入的字段/);
    const tasks = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM import_task WHERE kind = 'policy' AND file_name = 'a.xlsx'`);
    expect(tasks!.n).toBe(0);
  });
});

describe('import', () => {
  it('writes good rows as policies in fen with coverages and agent, reports bad rows with Chinese reasons, and the pipeline shows them 待跟进', async () => {
    const [good1, good2, unknown, mine3] = [policyNo(), policyNo(), policyNo(), policyNo()];
    const task = await importPolicies(manager, [
      [own[2].plate, '', '中国人保', good1, '交强险+商业险', start, end, 950, '3,280.50', 360, '车损险、三者险100万、司机座位1万、乘客座位1万、划痕险2000', '李店长'],
      ['', own[3].vin, '太平洋保险', good2, '商业险', new Date(`${start}T00:00:00Z`), new Date(`${end}T00:00:00Z`), '', 4100.2, '', '', '外部代理'],
      ['浙Z99999', '', '中国人保', unknown, '', start, end, 950, '', '', '', ''],
      [own[4].plate, '', '', mine3, '', start, addDays(start, 400), -5, '', '', '', ''],
    ]);
    expect(task.status).toBe('done');
    expect({ total: task.total, imported: task.imported, failed: task.failed, skipped: task.skipped }).toEqual({ total: 4, imported: 2, failed: 2, skipped: 0 });
    expect(task.errors.map((error) => error.row)).toEqual([4, 5]);
    expect(task.errors[0].message).toMatch(/没有找到车牌号 浙Z99999 的车辆，或该车不在你的数据范围内/);
    expect(task.errors[1].message).toMatch(/保险公司不能为空/);
    expect(task.errors[1].message).toMatch(/保险期间不能超过一年/);
    expect(task.errors[1].message).toMatch(/交强险保费不能为负数/);

    const stored = await policiesNumbered([good1, good2, unknown, mine3]);
    expect(stored.map((policy) => policy.policy_no)).toEqual([good1, good2]);
    const [first, second] = stored;
    expect(first).toMatchObject({ vehicle_id: own[2].id, store_id: 2, insurer: '中国人保', compulsory_fen: 95000, commercial_fen: 328050, vehicle_tax_fen: 36000, agent_name: '李店长', agent_id: 2, start_date: start, expiry_date: end });
    expect(first.commercial_lines.map((line) => [line.code, line.limit])).toEqual([['vehicleDamage', 0], ['thirdParty', 1_000_000], ['driverSeat', 10_000], ['passengerSeat', 10_000], ['bodyScratch', 2000]]);
    expect(second).toMatchObject({ vehicle_id: own[3].id, insurer: '太平洋保险', compulsory_fen: 0, commercial_fen: 410020, agent_name: '外部代理', agent_id: null });

    // 保险查询: the imported terms are in the pipeline (30天内到期), 待跟进, with the premiums the API answers in fen.
    const pipeline = await server.call<{ rows: { policyNo: string; state: string; compulsoryFen: number; commercialFen: number; vehicleTaxFen: number }[] }>('GET', '/insurance/renewals', {
      token: manager, query: { bucket: 'd30', keyword: own[2].plate, page: 1, pageSize: 20 },
    });
    expect(pipeline.code, pipeline.msg).toBe(0);
    expect(pipeline.data.rows.find((row) => row.policyNo === good1)).toMatchObject({ state: 'pending', compulsoryFen: 95000, commercialFen: 328050, vehicleTaxFen: 36000 });
    const vehicle = await server.db.one<{ insurance_expiry: string }>(sql`SELECT to_char(insurance_expiry, 'YYYY-MM-DD') AS insurance_expiry FROM vehicle WHERE id = ${own[2].id}`);
    expect(vehicle!.insurance_expiry >= end).toBe(true);

    // The error report: the original rows and the reason, ready to fix and upload again.
    const report = await download(server, '/client/import/report', manager, { taskId: task.taskId });
    const [errors] = await readXlsx(report.bytes!);
    expect(errors.rows[0]).toEqual([...HEADER, '原行号', '错误原因']);
    expect(errors.rows.slice(1).map((row) => row[3])).toEqual([unknown, mine3]);
  });

  it('handles the same 保单号 (in the chain, and twice in one file) as chosen: skip, fill blanks, overwrite', async () => {
    const number = policyNo();
    const vehicle = own[5];
    const first = await importPolicies(manager, [
      [vehicle.plate, '', '中国人保', number, '', start, end, 950, '', '', '', ''],
      [vehicle.plate, '', '平安保险', number, '', start, end, 1100, 2000, '', '', ''],
    ]);
    expect({ imported: first.imported, skipped: first.skipped }).toEqual({ imported: 1, skipped: 1 });
    expect((await policiesNumbered([number])).map((p) => [p.insurer, p.compulsory_fen, p.commercial_fen])).toEqual([['中国人保', 95000, 0]]);

    const changed = [vehicle.plate, '', '平安保险', number, '', addDays(start, 1), addDays(end, 1), 1100, 2000, 300, '三者险200万', '李店长'];
    const skipped = await importPolicies(manager, [changed], { duplicates: 'skip' });
    expect({ imported: skipped.imported, updated: skipped.updated, skipped: skipped.skipped }).toEqual({ imported: 0, updated: 0, skipped: 1 });
    expect((await policiesNumbered([number]))[0]).toMatchObject({ insurer: '中国人保', compulsory_fen: 95000, commercial_fen: 0, vehicle_tax_fen: 0 });

    const filled = await importPolicies(manager, [changed], { duplicates: 'update' });
    expect(filled.updated).toBe(1);
    expect((await policiesNumbered([number]))[0]).toMatchObject({ insurer: '中国人保', compulsory_fen: 95000, commercial_fen: 200000, vehicle_tax_fen: 30000, agent_name: '李店长', start_date: start, expiry_date: end });

    const overwritten = await importPolicies(manager, [changed], { duplicates: 'overwrite' });
    expect(overwritten.updated).toBe(1);
    const after = await policiesNumbered([number]);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ insurer: '平安保险', compulsory_fen: 110000, commercial_fen: 200000, start_date: addDays(start, 1), expiry_date: addDays(end, 1) });
    expect(after[0].commercial_lines.map((line) => [line.code, line.limit])).toEqual([['thirdParty', 2_000_000]]);

    // The same number on another car is never merged into it.
    const clash = await importPolicies(manager, [[own[6].plate, '', '平安保险', number, '', start, end, 950, '', '', '', '']], { duplicates: 'overwrite' });
    expect(clash.failed).toBe(1);
    expect(clash.errors[0].message).toBe(`保单号 ${number} 已登记在车辆 ${vehicle.plate} 上，与本行车辆不同，请核对`);
    expect((await policiesNumbered([number]))[0].vehicle_id).toBe(vehicle.id);
  });
});

describe('tenancy', () => {
  it('makes another store’s and another chain’s vehicles error rows for a store user; headquarters may import for every store of its chain', async () => {
    const [a, b, c] = [policyNo(), policyNo(), policyNo()];
    const task = await importPolicies(manager, [
      [otherStore.plate, '', '中国人保', a, '', start, end, 950, '', '', '', ''],
      [otherChain.plate, '', '中国人保', b, '', start, end, 950, '', '', '', ''],
      ['', otherChain.vin, '中国人保', c, '', start, end, 950, '', '', '', ''],
    ]);
    expect({ imported: task.imported, failed: task.failed }).toEqual({ imported: 0, failed: 3 });
    expect(task.errors.every((error) => /不在你的数据范围内/.test(error.message))).toBe(true);
    expect(await policiesNumbered([a, b, c])).toEqual([]);

    const byHq = await importPolicies(admin, [[otherStore.plate, '', '中国人保', a, '', start, end, 950, '', '', '', '']]);
    expect(byHq.imported).toBe(1);
    expect((await policiesNumbered([a]))[0]).toMatchObject({ vehicle_id: otherStore.id, store_id: 3 });
    // The same number again by the store user: it is 城西店's policy, out of his scope, whatever the mode.
    const again = await importPolicies(manager, [[own[7].plate, '', '平安保险', a, '', start, end, 1100, '', '', '', '']], { duplicates: 'overwrite' });
    expect(again.failed).toBe(1);
    expect(again.errors[0].message).toMatch(/已由你数据范围以外的门店登记/);
    expect((await policiesNumbered([a]))[0]).toMatchObject({ insurer: '中国人保', compulsory_fen: 95000, store_id: 3 });

    const fromOtherChain = await importPolicies(hxAdmin, [[own[8].plate, '', '中国人保', policyNo(), '', start, end, 950, '', '', '', '']]);
    expect(fromOtherChain.failed).toBe(1);
    const list = await server.call<ImportTask[]>('GET', '/client/import/tasks', { token: hxAdmin, query: { kind: 'policy' } });
    expect(list.data.some((item) => item.taskId === byHq.taskId)).toBe(false);
  });

  it('asks for the 保险 permission as well as 客户导入', async () => {
    // A role with 客户导入 but not 保险, given to 前台接待 for this test.
    await server.db.run(sql`UPDATE role SET permission_ids = ARRAY[5, 11, 16] WHERE code = 'front_desk' AND chain_id = 1`);
    try {
      const frontdesk = await server.loginToken('frontdesk');
      const bytes = await xlsxFile([HEADER, [own[9].plate, '', '中国人保', policyNo(), '', start, end, 950, '', '', '', '']]);
      const refused = await upload(server, '/client/import', frontdesk, { name: 'a.xlsx', bytes }, { kind: 'policy' });
      expect(refused.code).toBe(403);
      expect(refused.msg).toMatch(/导入保单需要「保险」权限/);
      expect((await download(server, '/client/import/template', frontdesk, { kind: 'policy' })).envelope?.code).toBe(403);
      expect((await server.call('GET', '/client/import/task-config', { token: frontdesk, query: { type: 'policy' } })).code).toBe(403);
      expect((await upload(server, '/client/import/preview', frontdesk, { name: 'a.xlsx', bytes }, { kind: 'customer' })).code).toBe(0);
    } finally {
      await server.db.run(sql`UPDATE role SET permission_ids = ARRAY[11, 16] WHERE code = 'front_desk' AND chain_id = 1`);
    }
  });
});

describe('the demo’s sample file (docs/samples/保单导入示例.xlsx)', () => {
  it('imports the policies of 客户导入示例.xlsx’s cars once those are in, with its 2 bad rows reported', async () => {
    const samples = path.resolve(import.meta.dirname, '..', '..', '..', 'docs', 'samples');
    const customers = await upload<{ taskId: number }>(server, '/client/import', manager, { name: '客户导入示例.xlsx', bytes: readFileSync(path.join(samples, '客户导入示例.xlsx')) });
    expect((await importTaskFinished(server, manager, customers.data.taskId)).imported).toBe(27);
    const started = await upload<{ taskId: number }>(server, '/client/import', manager, { name: '保单导入示例.xlsx', bytes: readFileSync(path.join(samples, '保单导入示例.xlsx')) }, { kind: 'policy' });
    expect(started.code, started.msg).toBe(0);
    const task = await importTaskFinished(server, manager, started.data.taskId);
    expect({ imported: task.imported, failed: task.failed }).toEqual({ imported: 13, failed: 2 });
    expect(task.errors.map((error) => error.message)).toEqual([expect.stringMatching(/没有找到车牌号 浙A99999 的车辆/), '到期日期应晚于起保日期']);
  });
});
