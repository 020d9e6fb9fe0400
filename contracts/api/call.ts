/**
 * Web phone (spec section 7: /call/sip-account, /call/balance; plus what admins, the phone bar and
 * Kamailio need). Billing never trusts the browser: times and durations it sends are ignored.
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { idText, integer, oneOf, pattern, requiredText } from '../fields';
import { EXTENSION_PATTERN, EXTENSION_RULE } from '../rules/phone-line';

const call = apiCalls('网络电话');

export const CALL_RESULTS = ['answered', 'busy', 'rejected', 'no_answer', 'unavailable', 'not_found', 'canceled', 'failed'] as const;

// JsSIP's Call-IDs are 15+ random characters; Kamailio refuses INVITEs with other characters.
const callId = pattern('通话标识', /^[A-Za-z0-9._~+@:-]{8,128}$/, '通话标识格式不正确', { max: 128 });
const number = pattern('号码', /^\+?[0-9*#]{3,20}$/, '号码格式不正确', { max: 21 });
/** The customer called, if any ('' = none, as older phone bars send it). */
const customerId = z.preprocess((value) => (value === '' ? null : value), idText('客户').nullish());

export const callRecord = z.object({
  id: z.string(),
  userId: z.string(),
  customerId: z.string().nullable(),
  storeId: z.number().nullable(),
  number: z.string(),
  startedAt: z.string(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number(),
  billedMinutes: z.number(),
  /** 'calling' while the call is in progress. */
  result: z.enum([...CALL_RESULTS, 'calling']),
  timedBy: z.enum(['sip', 'server']),
});

const balance = z.object({ garageId: z.string(), minutes: z.number() });

export const sipAccount = call({
  method: 'GET',
  path: '/call/sip-account',
  summary: '当前用户的 SIP 账号（账号在 response.data，未开通为 null）',
  answer: z.object({
    response: z.object({
      data: z
        .object({
          user: z.string(),
          ha1: z.string(),
          realm: z.string(),
          server: z.string(),
          stun: z.string(),
          /** The line is the demo line of `npm start` (its callee answers every number): the bar says 演示. */
          demo: z.boolean().optional(),
        })
        .nullable(),
      /** Without an account: why, when the server knows better than 「未开通」 (no Kamailio for the demo). */
      unavailable: z.string().optional(),
    }),
  }),
});

const line = z.object({ sipUser: z.string(), realm: z.string(), server: z.string().nullable() });

export const sipAccounts = call({
  method: 'GET',
  path: '/call/sip-accounts',
  summary: '电话线路：您管理的员工及其分机号（需要「网络电话」权限；总部看全连锁，门店员工看本人门店的员工；不含 HA1）',
  answer: z.object({
    staff: z.array(
      z.object({
        userId: z.string(),
        nickName: z.string(),
        username: z.string(),
        storeNames: z.array(z.string()),
        enabled: z.boolean(),
        /** null: no line (the phone bar says 网络电话未开通). */
        line: line.nullable(),
      }),
    ),
    /** The realm a line gets when none is given (SIP_REALM). */
    realm: z.string(),
    /** npm start's demo line: its Kamailio follows our lines, so 开通 needs only the extension (the password is made here). */
    demo: z.boolean(),
  }),
});

export const provisionSipAccount = call({
  method: 'POST',
  path: '/call/sip-account/provision',
  summary: '为员工开通电话线路（需要「网络电话」权限，限您管理的员工）：保存 HA1，不保存密码；已有线路则更换',
  input: z.object({
    // Admins know their staff by login name; integrations by id. Either names a user the caller manages.
    userId: idText('员工').optional(),
    username: requiredText('员工账号', { max: 64 }).optional(),
    sipUser: pattern('分机号', EXTENSION_PATTERN, EXTENSION_RULE, { max: 64 }),
    /** The extension's password on the signalling server; the demo line makes one when none is given. */
    password: z.string({ error: '线路密码格式不正确' }).min(6, '线路密码至少 6 位').max(128, '线路密码不能超过 128 位').optional(),
    /** Default: the server's SIP_REALM. */
    realm: pattern('SIP 域', /^[A-Za-z0-9.-]{1,253}$/, 'SIP 域格式不正确', { max: 253 }).optional(),
    server: pattern('信令服务器地址', /^wss?:\/\/[!-~]+$/, '信令服务器地址必须以 ws:// 或 wss:// 开头', { max: 512 }).nullish(),
  }),
  answer: z.object({ userId: z.string(), user: z.string(), realm: z.string(), ha1: z.string(), server: z.string().nullable() }),
});

export const deleteSipAccount = call({
  method: 'DELETE',
  path: '/call/sip-account',
  summary: '收回员工的电话线路（需要「网络电话」权限，限您管理的员工）',
  input: z.object({ userId: idText('员工') }),
  answer: z.null(),
});

// Minutes are bought in the mall and taken by billing only: no call sets or adds them (issue 31).
export const callBalance = call({ method: 'GET', path: '/call/balance', summary: '本连锁剩余通话分钟数', answer: balance });

export const checkCall = call({
  method: 'POST',
  path: '/call/check',
  summary: '拨号前检查：客户须在本人门店范围内；答剩余分钟数',
  input: z.object({ number, customerId }),
  answer: z.object({ minutes: z.number() }),
});

export const startCall = call({
  method: 'POST',
  path: '/call/start',
  summary: '拨号时登记 SIP Call-ID',
  input: z.object({ callId, number, customerId }),
  answer: z.object({ record: callRecord }),
});

export const callAnswered = call({
  method: 'POST',
  path: '/call/answered',
  summary: '对方接听（仅无 SIP 事件时用于计时）',
  input: z.object({ callId }),
  answer: z.null(),
});

export const endCall = call({
  method: 'POST',
  path: '/call/record',
  summary: '通话结束：记录结果；时长与计费以服务器或 SIP 服务器所见为准',
  // startedAt, answeredAt, endedAt and durationSeconds may still come from older phone bars; they are ignored.
  input: z.object({ callId, number, customerId, result: oneOf('通话结果', CALL_RESULTS) }),
  answer: z.object({ record: callRecord, balance: z.object({ minutes: z.number() }) }),
});

export const callRecords = call({
  method: 'GET',
  path: '/call/records',
  summary: '通话记录（本人可见门店；号码按门店设置打码）',
  input: z.object({
    customerId: idText('客户').optional(),
    userId: idText('员工').optional(),
    page: integer('页码', { min: 1, max: 100_000 }).default(1),
    pageSize: integer('每页条数', { min: 1, max: 100 }).default(10),
  }),
  answer: z.object({ list: z.array(callRecord), total: z.number() }),
});

// Kamailio's $TV(Sn): "<seconds>.<microseconds>".
const unixTime = (label: string) => pattern(label, /^\d{9,11}\.\d{1,6}$/, `${label}格式不正确`, { max: 18 }).transform((value) => new Date(Math.round(Number(value) * 1000)));
const sipToken = (label: string) => requiredText(label, { max: 128 });
const dialog = { callId: sipToken('通话标识'), caller: sipToken('主叫 SIP 账号'), realm: sipToken('SIP 域'), callee: sipToken('被叫号码'), answeredAt: unixTime('接听时间') };

export const sipEvent = call({
  method: 'POST',
  path: '/call/sip-events',
  summary: 'Kamailio 的通话事件（dialog:start / dialog:end），以共享密钥 X-Sip-Events-Secret 认证',
  input: z.discriminatedUnion(
    'event',
    [z.object({ event: z.literal('start'), ...dialog }), z.object({ event: z.literal('end'), ...dialog, endedAt: unixTime('结束时间') })],
    { error: '不支持的 SIP 事件' },
  ),
  answer: z.union([z.null(), z.object({ billedMinutes: z.number(), balanceMinutes: z.number() })]),
});
