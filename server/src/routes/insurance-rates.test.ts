/**
 * 保险公司费率 (the chain's insurer table) and the 保险分析 xlsx export over real HTTP: only a
 * headquarters admin edits the table, with its version (two admins at once → 已被他人修改), every
 * save audited with what changed, bad tables refused in Chinese and nothing saved; the export is a
 * workbook with the page's figures as numbers, texts made safe from formulas, behind its add-on and
 * within the caller's stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type * as calls from '../../../contracts/api/insurance';
import { addDays } from '../../../contracts/dates';
import { INSURER_RATE_MESSAGES, RENEWAL_MESSAGES as MSG } from '../../../contracts/insurance';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { download, readXlsx } from '../../../tests/support/import-files';

type Settings = AnswerOf<typeof calls.insurerSettings>;

let server: TestServer;
let admin: string;
let manager: string;
let hxAdmin: string;
let storeAdmin: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, hxAdmin] = await Promise.all(['admin', 'manager', 'hx-admin'].map((name) => server.loginToken(name)));
  // A store-level admin (门店管理员: admin of their own store only) is not headquarters.
  await server.db.run(sql`
    INSERT INTO user_role (user_id, role_id) SELECT u.id, r.id FROM app_user u, role r WHERE u.username = 'frontdesk' AND r.chain_id = 1 AND r.code = 'admin'`);
  storeAdmin = await server.loginToken('frontdesk');
}, 120_000);
afterAll(() => server?.close());

const settingsOf = async (token: string) => (await server.call<Settings>('GET', '/insurance/insurers', { token })).data;
const save = (token: string, body: Record<string, unknown>) => server.call<{ version: number }>('PUT', '/insurance/insurers', { token, body });
const stored = async () => (await server.db.one<{ insurers: unknown; version: number }>(sql`SELECT insurers, version FROM insurance_insurer_setting WHERE chain_id = 1`)) ?? null;

describe('保险公司费率', () => {
  it('lets only a headquarters admin save, with the version; two at once: one wins, the other hears 已被他人修改', async () => {
    const current = await settingsOf(admin);
    expect(current.canEdit).toBe(true);
    expect((await settingsOf(manager)).canEdit).toBe(false);

    const changed = current.insurers.map((insurer, i) => (i === 0 ? { ...insurer, independentCoefficient: 0.75, vehicleDamageBaseFen: 60_000 } : insurer));
    const before = await stored();
    const refused = await save(storeAdmin, { insurers: changed, version: current.version });
    expect(refused.msg).toBe(INSURER_RATE_MESSAGES.hqOnly);
    expect((await save(manager, { insurers: changed, version: current.version })).code).toBe(403);
    expect(await stored()).toEqual(before);

    const secondAdmin = await server.loginToken('admin');
    const other = current.insurers.map((insurer, i) => (i === 1 ? { ...insurer, enabled: false } : insurer));
    const answers = await Promise.all([save(admin, { insurers: changed, version: current.version }), save(secondAdmin, { insurers: other, version: current.version })]);
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.find((answer) => answer.code !== 0)!.msg).toBe(MSG.changedByOthers);
    const winner = answers[0]!.code === 0 ? changed : other;
    const after = await settingsOf(manager);
    expect(after.version).toBe(current.version + 1);
    expect(after.insurers).toEqual(winner);

    // The next save builds on version 1; the audit log says what changed, old → new.
    const next = after.insurers.map((insurer) => (insurer.code === 'picc' ? { ...insurer, driverSeatPermille: 5.5 } : insurer));
    const saved = await save(admin, { insurers: next, version: after.version });
    expect(saved.data.version).toBe(after.version + 1);
    const audit = await server.db.one<{ detail: { version: number; changes: { code: string; change: string; fields: Record<string, unknown[]> }[] } }>(sql`
      SELECT detail FROM audit_log WHERE action = 'insurance.insurers' AND chain_id = 1 ORDER BY id DESC LIMIT 1`);
    expect(audit!.detail.version).toBe(after.version + 1);
    expect(audit!.detail.changes).toEqual([{ code: 'picc', name: '中国人保', change: 'changed', fields: { driverSeatPermille: [after.insurers[0]!.driverSeatPermille, 5.5] } }]);
  });

  it('refuses bad tables in Chinese, naming the field or the rule, and keeps what was saved', async () => {
    const current = await settingsOf(admin);
    const before = await stored();
    const [first, second] = current.insurers as [Settings['insurers'][number], Settings['insurers'][number]];
    const cases: [unknown[], string][] = [
      [[{ ...first, independentCoefficient: 1.6 }], '自主定价系数不能超过 1.5'],
      [[{ ...first, vehicleDamagePermille: -1 }], '车损费率（‰）'],
      [[{ ...first, vehicleDamageBaseFen: 'abc' }], '车损基础保费'],
      [[{ ...first, name: '' }], '保险公司名称'],
      [[{ ...first, code: '人保' }], '保险公司代码应为小写字母开头'],
      [[first, { ...second, code: first.code }], INSURER_RATE_MESSAGES.duplicateCode(first.code)],
      [[first, { ...second, name: ` ${first.name} ` }], INSURER_RATE_MESSAGES.duplicateName(first.name)],
      [[{ ...first, enabled: false }, { ...second, enabled: false }], INSURER_RATE_MESSAGES.noneEnabled],
      [[{ ...first, thirdPartyFen: {} }], INSURER_RATE_MESSAGES.noThirdParty(first.name)],
      [[{ ...first, thirdPartyFen: { 百万: 100 } }], '三者险保额格式不正确'],
      [[], '保险公司至少 1 项'],
    ];
    for (const [insurers, message] of cases) {
      const answer = await save(admin, { insurers, version: current.version });
      expect(answer.code, message).not.toBe(0);
      expect(answer.msg, message).toContain(message);
    }
    expect((await save(admin, { insurers: current.insurers, version: 'x' })).msg).toContain('版本号');
    expect(await stored()).toEqual(before);
  });

  it('keeps each chain’s table its own', async () => {
    const mine = await settingsOf(admin);
    const theirs = await settingsOf(hxAdmin);
    expect(theirs.version).toBe(0);
    const saved = await save(hxAdmin, { insurers: theirs.insurers.map((insurer) => ({ ...insurer, independentCoefficient: 1.2 })), version: 0 });
    expect(saved.code, saved.msg).toBe(0);
    expect(await settingsOf(admin)).toEqual(mine);
    expect((await settingsOf(hxAdmin)).insurers.every((insurer) => insurer.independentCoefficient === 1.2)).toBe(true);
  });
});

describe('保险分析 导出 xlsx', () => {
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const range = { from: addDays(today, -90), to: addDays(today, 90) };

  it('answers a workbook with the page’s figures as numbers, and names that look like formulas stay text', async () => {
    // An insurer name as a hostile import could have written it.
    await server.db.run(sql`
      UPDATE insurance_policy SET insurer = '=HYPERLINK("http://evil","点我")'
       WHERE id = (SELECT id FROM insurance_policy WHERE chain_id = 1 AND start_date BETWEEN ${range.from}::date AND ${range.to}::date ORDER BY id LIMIT 1)`);
    const page = await server.call<AnswerOf<typeof calls.analysis>>('GET', '/insurance/analysis', { token: admin, query: range });
    expect(page.code, page.msg).toBe(0);
    const file = await download(server, '/insurance/analysis/export', admin, range);
    expect(file.envelope).toBeNull();
    expect(decodeURIComponent(file.headers.get('content-disposition')!)).toContain(`保险分析-${range.from}-${range.to}.xlsx`);
    const sheets = await readXlsx(file.bytes!);
    expect(sheets.map((sheet) => sheet.name)).toEqual(['汇总', '各月续保率', '保险公司保费', '跟进漏斗', '战败原因', '员工排名']);
    const summary = Object.fromEntries(sheets[0]!.rows.slice(1).map((row) => [row[0], row[1]]));
    expect(summary).toMatchObject({ 到期保单: page.data.totals.due, 已续保: page.data.totals.renewed, 续保率: page.data.totals.rate, 战败: page.data.totals.lost, '续保保费（元）': page.data.totals.premiumFen / 100 });
    const insurers = sheets[2]!.rows.slice(1);
    expect(insurers.length).toBe(page.data.premiumsByInsurer.length);
    const hostile = insurers.find((row) => String(row[0]).includes('HYPERLINK'))!;
    expect(hostile[0]).toBe(`'=HYPERLINK("http://evil","点我")`);
    expect(typeof hostile[1]).toBe('number');
    expect(sheets[3]!.rows.slice(1)).toEqual(page.data.funnel.map((step) => [step.name, step.count]));
    expect(sheets[5]!.rows.slice(1).map((row) => row[1])).toEqual(page.data.staff.map((row) => row.name));
  });

  it('exports only the caller’s stores, refuses without the add-on, and refuses a bad range in Chinese', async () => {
    const east = await download(server, '/insurance/analysis/export', manager, { ...range, storeIds: '2,3' });
    const sheets = await readXlsx(east.bytes!);
    const stores = new Set(sheets[1]!.rows.slice(1).map((row) => row[1]));
    expect([...stores]).toEqual(['城东店']);
    expect(sheets[0]!.rows.find((row) => row[0] === '门店')![1]).toBe('城东店');
    const foreign = await download(server, '/insurance/analysis/export', hxAdmin, range);
    expect(foreign.envelope!.code).toBe(403);
    const backwards = await download(server, '/insurance/analysis/export', admin, { from: range.to, to: range.from });
    expect(backwards.envelope!.msg).toBe('结束日期不能早于开始日期');
    const malformed = await download(server, '/insurance/analysis/export', admin, { from: '明天', to: range.to });
    expect(malformed.envelope!.msg).toContain('开始日期');
  });
});
