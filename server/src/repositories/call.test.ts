// The call repository against a real PostgreSQL dialect: in-memory PGlite, or TEST_DATABASE_URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, sql, type Database } from '../db/database';
import {
  balanceMinutes,
  billedMinutesFor,
  findSipAccount,
  listCallRecords,
  recordCallEnd,
  recordCallStart,
  recordServerAnswer,
  recordSipEnd,
  recordSipStart,
  sipHa1,
  upsertSipAccount,
} from './call';
import { setTestBalance } from '../../../tests/support/ledger';
import { POLL_FAST } from '../../../tests/support/waits';

// The minutes are on the chain's ledger (480_mall.sql), which needs the chain table (001).
const migrations = ['001_accounts.sql', '300_call.sql', '301_call_billing.sql', '480_mall.sql', '610_ledger_who_why.sql'].map((file) =>
  readFileSync(fileURLToPath(new URL(`../../migrations/${file}`, import.meta.url)), 'utf8'),
);

describe('call repository', () => {
  let db: Database;
  const pgliteDir = mkdtempSync(path.join(tmpdir(), 'garage-call-repo-'));

  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgliteDir: path.join(pgliteDir, 'db') });
    for (const migration of migrations) await db.script(migration);
    await db.run(sql`INSERT INTO chain (id, name, corp_id) VALUES (1, '一号连锁', 'corp1'), (2, '二号连锁', 'corp2')`);
  });
  afterAll(async () => {
    await db?.close();
    rmSync(pgliteDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await db.run(sql`TRUNCATE sip_account, ledger_account, ledger_entry, call_record`);
  });

  it('stores HA1 = MD5(user:realm:password) and never the password', async () => {
    const account = await upsertSipAccount(db, { garageId: '1', userId: 'u1', sipUser: '8001', realm: 'garage.test', password: 'secret' });
    // md5sum of "8001:garage.test:secret"
    expect(account.ha1).toBe('54dc8174e3d20c2c5a7fd5310c61e32f');
    expect(sipHa1('8001', 'garage.test', 'secret')).toBe('54dc8174e3d20c2c5a7fd5310c61e32f');
    const stored = await db.rows(sql`SELECT * FROM sip_account`);
    expect(JSON.stringify(stored)).not.toContain('secret');
    expect(await findSipAccount(db, '1', 'u1')).toMatchObject({ sipUser: '8001', realm: 'garage.test' });
    expect(await findSipAccount(db, 'other-garage', 'u1')).toBeNull();
  });

  it('bills started minutes of talk time', () => {
    expect(billedMinutesFor(0)).toBe(0);
    expect(billedMinutesFor(1)).toBe(1);
    expect(billedMinutesFor(60)).toBe(1);
    expect(billedMinutesFor(61)).toBe(2);
  });

  const owner = { garageId: '1', userId: 'u1', storeId: 11 };
  const at = (seconds: number) => new Date(Date.UTC(2026, 2, 2, 9, 0, 0) + seconds * 1000);

  it('bills a call Kamailio reports once, however often its end is reported', async () => {
    await setTestBalance(db, 1, 'minutes', 10);
    await setTestBalance(db, 2, 'minutes', 10);
    await recordCallStart(db, { ...owner, sipCallId: 'call-a', customerId: 'c1', number: '13800138000' });
    await recordSipStart(db, { ...owner, sipCallId: 'call-a', number: '13800138000', answeredAt: at(5) });
    const end = { ...owner, sipCallId: 'call-a', number: '13800138000', answeredAt: at(5), endedAt: at(130) };
    expect(await recordSipEnd(db, end)).toEqual({ billedMinutes: 3, balanceMinutes: 7 });
    expect(await recordSipEnd(db, end)).toEqual({ billedMinutes: 0, balanceMinutes: 7 });
    expect(await balanceMinutes(db, '2')).toBe(10);
    const [record] = (await listCallRecords(db, '1', { storeIds: [11], wholeChain: false, limit: 10, offset: 0, showPhone: true })).list;
    expect(record).toMatchObject({ customerId: 'c1', result: 'answered', durationSeconds: 125, billedMinutes: 3, timedBy: 'sip' });
  });

  it('a Call-ID reused for a new dialog after billing is billed again, and the phone bar’s report changes no bill', async () => {
    await setTestBalance(db, 1, 'minutes', 10);
    await recordSipEnd(db, { ...owner, sipCallId: 'call-b', number: '13800138000', answeredAt: at(0), endedAt: at(30) });
    await recordSipEnd(db, { ...owner, sipCallId: 'call-b', number: '13800138000', answeredAt: at(100), endedAt: at(130) });
    expect(await balanceMinutes(db, '1')).toBe(8);
    await recordCallEnd(db, { ...owner, sipCallId: 'call-b', customerId: null, number: '13800138000', result: 'answered' }, { serverTimed: false, maxSeconds: 60 });
    expect(await balanceMinutes(db, '1')).toBe(8);
  });

  it('without SIP events, bills the server-observed time from the answer report, once, and nothing without one', async () => {
    await setTestBalance(db, 1, 'minutes', 10);
    const timing = { serverTimed: true, maxSeconds: 7200 };
    const call = { ...owner, sipCallId: 'call-c', customerId: null, number: '13800138000', result: 'answered' as const };
    await recordCallStart(db, call);
    expect(await recordServerAnswer(db, owner, 'call-c')).toBe(true);
    // PGlite's clock ticks in whole milliseconds: an end stamped in the answer's millisecond would be
    // a 0-second call, billed nothing. The end comes once the database's clock has moved on.
    await expect.poll(async () => (await db.one<{ later: boolean }>(sql`SELECT now() > answered_at AS later FROM call_record WHERE sip_call_id = 'call-c'`))?.later, POLL_FAST).toBe(true);
    const ended = await recordCallEnd(db, call, timing);
    expect(ended?.record).toMatchObject({ result: 'answered', billedMinutes: 1, timedBy: 'server' });
    expect(ended?.record.durationSeconds).toBeLessThan(5);
    expect(await recordCallEnd(db, call, timing)).toMatchObject({ balanceMinutes: 9 });
    expect(await recordServerAnswer(db, owner, 'call-c')).toBe(false);

    // An end report with no start or answer the server saw: stored, not answered, not billed.
    const forged = await recordCallEnd(db, { ...call, sipCallId: 'call-forged' }, timing);
    expect(forged).toMatchObject({ record: { result: 'failed', billedMinutes: 0, durationSeconds: 0 }, balanceMinutes: 9 });
    // Another user cannot end (or claim) this user's call.
    expect(await recordCallEnd(db, { ...call, userId: 'u2' }, timing)).toBeNull();
  });

  it('lists only the given stores’ calls, masks numbers unless shown, and store-less calls for the whole chain', async () => {
    await recordCallStart(db, { ...owner, sipCallId: 'call-s11', customerId: null, number: '13800138000' });
    await recordCallStart(db, { ...owner, storeId: 12, sipCallId: 'call-s12', customerId: null, number: '13900139000' });
    await recordCallStart(db, { ...owner, storeId: null, sipCallId: 'call-hq', customerId: null, number: '13700137000' });
    const page = { limit: 10, offset: 0 };
    const store11 = await listCallRecords(db, '1', { ...page, storeIds: [11], wholeChain: false, showPhone: false });
    expect(store11.list.map((record) => record.number)).toEqual(['138****8000']);
    const all = await listCallRecords(db, '1', { ...page, storeIds: [11, 12], wholeChain: true, showPhone: true });
    expect(all.list.map((record) => record.number).sort()).toEqual(['13700137000', '13800138000', '13900139000']);
    expect((await listCallRecords(db, '2', { ...page, storeIds: [11, 12], wholeChain: true, showPhone: true })).total).toBe(0);
  });

  it('never takes the balance below zero', async () => {
    await setTestBalance(db, 1, 'minutes', 1);
    const billed = await recordSipEnd(db, { ...owner, sipCallId: 'call-d', number: '13800138000', answeredAt: at(0), endedAt: at(299) });
    expect(billed).toEqual({ billedMinutes: 5, balanceMinutes: 0 });
  });
});
