/**
 * The SMPP adapter against the local SMSC peer: UCS-2 and UDH parts, receipts and replies as
 * events, a wrong password refused in Chinese, reconnecting after the SMSC drops the connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSms } from '../../../contracts/sms';
import { normaliseMobile } from '../sms/campaign';
import { parseReceipt, smppSms, splitParts } from './smpp';
import { SmsNotSent, SmsRejected, type SmsEvent, type SmsProvider } from './sms';
import { startSmscPeer, type SmscPeer } from '../../../tests/support/smsc-peer';

const quiet = { warn: () => undefined, info: () => undefined };
const settings = (url: string, password = 'dev') => ({ url, systemId: 'garage', password, systemType: '', sourceAddr: '', window: 5, enquireSeconds: 1, requiresApproval: false, bindTimeoutMs: 3000 });

let smsc: SmscPeer;
let provider: SmsProvider;
const events: SmsEvent[] = [];

beforeAll(async () => {
  smsc = await startSmscPeer({ fail: (phone) => (phone.endsWith('0') ? 'UNDELIV' : null), reject: (phone) => (phone === '13900000099' ? 0x0b : 0), receiptDelayMs: 5 });
  provider = smppSms(settings(smsc.url), quiet);
  provider.onEvent((event) => events.push(event));
});
afterAll(async () => {
  await provider?.close();
  await smsc?.close();
});

/** Loopback answers come in milliseconds; the timeout only bounds a slow, busy machine. */
const patiently = { timeout: 15_000, interval: 20 };

describe('helpers', () => {
  it('splits at 70 / 67 code units without breaking an emoji, like countSms', () => {
    expect(splitParts('字'.repeat(70))).toHaveLength(1);
    expect(splitParts('字'.repeat(71)).map((part) => part.length)).toEqual([67, 4]);
    const emoji = `${'字'.repeat(66)}😀${'字'.repeat(10)}`;
    const parts = splitParts(emoji);
    expect(parts.join('')).toBe(emoji);
    expect(parts[0]!.length).toBe(66);
    expect(countSms('字'.repeat(135)).segments).toBe(splitParts('字'.repeat(135)).length);
  });
  it('reads receipts and mobiles as SMSCs write them', () => {
    expect(parseReceipt('id:0A1B sub:001 dlvr:000 submit date:2611231000 done date:2611231001 stat:UNDELIV err:001 text:')).toEqual({ id: '0A1B', stat: 'UNDELIV', err: '001' });
    expect(parseReceipt('hello')).toBeNull();
    expect(normaliseMobile('8613900000001')).toBe('13900000001');
    expect(normaliseMobile('+86 139 0000 0001')).toBe('13900000001');
  });
});

describe('SMPP adapter', () => {
  it('submits Chinese as UCS-2, long texts as UDH parts, and hands over receipts and replies', async () => {
    const ids = await provider.submit({ phone: '13900000001', text: '【安途汽车】张先生您好😀' });
    expect(ids).toHaveLength(1);
    const long = `【安途汽车】${'冬季保养活动火热进行中，'.repeat(10)}回T退订`;
    const parts = await provider.submit({ phone: '13900000010', text: long });
    expect(parts).toHaveLength(countSms(long).segments);
    await expect.poll(() => smsc.messages.length, patiently).toBeGreaterThanOrEqual(2);
    expect(smsc.messages.map((message) => message.text)).toEqual(['【安途汽车】张先生您好😀', long]);
    await expect.poll(() => events.filter((event) => event.kind === 'receipt').length, patiently).toBeGreaterThanOrEqual(1 + parts.length);
    const receipts = events.filter((event): event is Extract<SmsEvent, { kind: 'receipt' }> => event.kind === 'receipt');
    expect(receipts.find((event) => event.messageId === ids[0])!.stat).toBe('DELIVRD');
    expect(receipts.filter((event) => parts.includes(event.messageId)).every((event) => event.stat === 'UNDELIV')).toBe(true);
    await smsc.sendReply('8613900000001', '退订');
    await expect.poll(() => events.some((event) => event.kind === 'reply'), patiently).toBe(true);
    expect(events.find((event) => event.kind === 'reply')).toEqual({ kind: 'reply', phone: '8613900000001', text: '退订' });
  });

  it('reports a refused submit with a Chinese reason', async () => {
    await expect(provider.submit({ phone: '13900000099', text: '测试' })).rejects.toThrow(SmsRejected);
    await expect(provider.submit({ phone: '13900000099', text: '测试' })).rejects.toThrow('号码格式不正确');
  });

  it('reconnects after the SMSC drops the connection', async () => {
    const binds = smsc.binds;
    smsc.dropConnections();
    // The adapter binds again by itself (backoff from 1 s), before anything is sent.
    await expect.poll(() => smsc.binds, patiently).toBeGreaterThan(binds);
    const ids = await provider.submit({ phone: '13900000002', text: '重连之后' });
    expect(ids).toHaveLength(1);
    expect(smsc.binds).toBeGreaterThan(binds);
  });

  it('refuses a wrong password as not sent, in Chinese', async () => {
    const wrong = smppSms(settings(smsc.url, 'wrong'), quiet);
    try {
      const attempt = wrong.submit({ phone: '13900000003', text: '测试' });
      await expect(attempt).rejects.toThrow(SmsNotSent);
      await expect(attempt).rejects.toThrow('登录失败');
    } finally {
      await wrong.close();
    }
  });
});
