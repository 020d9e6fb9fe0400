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
  insertCallRecord,
  listCallRecords,
  setBalanceMinutes,
  sipHa1,
  upsertSipAccount,
} from './call';

const migration = readFileSync(fileURLToPath(new URL('../../migrations/300_call.sql', import.meta.url)), 'utf8');

describe('call repository', () => {
  let db: Database;
  const pgliteDir = mkdtempSync(path.join(tmpdir(), 'garage-call-repo-'));

  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgliteDir: path.join(pgliteDir, 'db') });
    await db.script(migration);
  });
  afterAll(async () => {
    await db?.close();
    rmSync(pgliteDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await db.run(sql`TRUNCATE sip_account, call_balance, call_record`);
  });

  it('stores HA1 = MD5(user:realm:password) and never the password', async () => {
    const account = await upsertSipAccount(db, { garageId: 'g1', userId: 'u1', sipUser: '8001', realm: 'garage.test', password: 'secret' });
    // md5sum of "8001:garage.test:secret"
    expect(account.ha1).toBe('54dc8174e3d20c2c5a7fd5310c61e32f');
    expect(sipHa1('8001', 'garage.test', 'secret')).toBe('54dc8174e3d20c2c5a7fd5310c61e32f');
    const stored = await db.rows(sql`SELECT * FROM sip_account`);
    expect(JSON.stringify(stored)).not.toContain('secret');
    expect(await findSipAccount(db, 'g1', 'u1')).toMatchObject({ sipUser: '8001', realm: 'garage.test' });
    expect(await findSipAccount(db, 'other-garage', 'u1')).toBeNull();
  });

  it('bills started minutes of answered calls only', () => {
    expect(billedMinutesFor({ answeredAt: null, durationSeconds: 0 })).toBe(0);
    expect(billedMinutesFor({ answeredAt: '2026-03-02T09:00:00Z', durationSeconds: 1 })).toBe(1);
    expect(billedMinutesFor({ answeredAt: '2026-03-02T09:00:00Z', durationSeconds: 60 })).toBe(1);
    expect(billedMinutesFor({ answeredAt: '2026-03-02T09:00:00Z', durationSeconds: 61 })).toBe(2);
  });

  it('a call record decreases the garage balance and is listed per customer', async () => {
    await setBalanceMinutes(db, 'g1', 10);
    await setBalanceMinutes(db, 'g2', 10);
    const base = { garageId: 'g1', userId: 'u1', number: '13800138000', startedAt: '2026-03-02T09:00:00Z', endedAt: '2026-03-02T09:02:10Z' };
    const answered = await insertCallRecord(db, {
      ...base,
      customerId: 'c1',
      answeredAt: '2026-03-02T09:00:05Z',
      durationSeconds: 125,
      result: 'answered',
    });
    expect(answered.record.billedMinutes).toBe(3);
    expect(answered.balanceMinutes).toBe(7);
    await insertCallRecord(db, { ...base, customerId: 'c1', answeredAt: null, durationSeconds: 0, result: 'busy' });
    await insertCallRecord(db, { ...base, customerId: 'c2', answeredAt: null, durationSeconds: 0, result: 'rejected' });

    expect(await balanceMinutes(db, 'g1')).toBe(7);
    expect(await balanceMinutes(db, 'g2')).toBe(10);
    const forCustomer = await listCallRecords(db, 'g1', { customerId: 'c1', limit: 10, offset: 0 });
    expect(forCustomer.total).toBe(2);
    expect(forCustomer.list.map((r) => r.result).sort()).toEqual(['answered', 'busy']);
    expect(forCustomer.list.find((r) => r.result === 'answered')).toMatchObject({
      answeredAt: '2026-03-02T09:00:05.000Z',
      durationSeconds: 125,
    });
    expect((await listCallRecords(db, 'g2', { customerId: 'c1', limit: 10, offset: 0 })).total).toBe(0);
  });

  it('never takes the balance below zero', async () => {
    await setBalanceMinutes(db, 'g1', 1);
    const { balanceMinutes: left } = await insertCallRecord(db, {
      garageId: 'g1',
      userId: 'u1',
      customerId: null,
      number: '13800138000',
      startedAt: '2026-03-02T09:00:00Z',
      answeredAt: '2026-03-02T09:00:01Z',
      endedAt: '2026-03-02T09:05:00Z',
      durationSeconds: 299,
      result: 'answered',
    });
    expect(left).toBe(0);
  });
});
