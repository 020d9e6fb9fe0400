/**
 * Web phone routes (spec section 7: /call/sip-account, /call/balance; plus what admins and the
 * phone bar need). Everything is scoped to the caller's garage.
 *
 *   GET    /call/sip-account                  the caller's account: { response: { data: { user, ha1, realm, server, stun } | null } }
 *   GET    /call/sip-accounts                 admin: the garage's accounts (no HA1)
 *   POST   /call/sip-account/provision        admin: { userId | username, sipUser, password, realm, server? } → HA1 stored, password dropped
 *   DELETE /call/sip-account?userId=          admin: removes an account (that user's phone becomes disabled)
 *   GET    /call/balance                      { garageId, minutes }
 *   PUT    /call/balance                      admin: { minutes } sets, or { addMinutes } tops up the garage's minutes
 *   POST   /call/record                       the phone bar, when a call ends: { number, customerId, startedAt, answeredAt, endedAt, durationSeconds, result }
 *   GET    /call/records?customerId=&userId=&page=&pageSize=   { list, total }
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parse as parseInput } from '../http/input';
import {
  addBalanceMinutes,
  balanceMinutes,
  deleteSipAccount,
  findChainUser,
  findSipAccount,
  insertCallRecord,
  listCallRecords,
  listSipAccounts,
  setBalanceMinutes,
  upsertSipAccount,
  type SqlExecutor,
} from '../repositories/call';

/** What this plugin needs from the app; the app layer passes it when registering the plugin. */
export interface CallRoutesOptions {
  db: SqlExecutor;
  /** The authenticated caller (the app's token check), or a thrown envelope error. */
  caller(request: FastifyRequest): Promise<{ userId: string; garageId: string; isAdmin: boolean }>;
  /** Thrown for business errors; the app's error handler turns it into { code, msg }. */
  fail(code: number, msg: string): Error;
  /** Deployment defaults: SIP WebSocket URL (else the client derives wss://<realm>/webrtc) and STUN. */
  sipWebSocketUrl?: string;
  sipStunServer?: string;
}

const INPUT_LABELS = { sipUser: 'SIP 账号', password: 'SIP 密码', realm: 'SIP 域', server: '信令服务器地址', number: '号码', minutes: '分钟数', addMinutes: '充值分钟数' };
const SIP_TOKEN = /^[A-Za-z0-9_.+-]{1,64}$/;
const provisionSchema = z.object({
  // Admins know their staff by login name; integrations by id. Either names a user of the caller's chain.
  userId: z.union([z.string(), z.number()]).transform(String).optional(),
  username: z.string().trim().min(1).optional(),
  sipUser: z.string().regex(SIP_TOKEN, 'SIP 账号只能包含字母、数字和 _.+-'),
  password: z.string().min(6, 'SIP 密码至少 6 位').max(128),
  realm: z.string().regex(/^[A-Za-z0-9.-]{1,253}$/, 'SIP 域格式不正确'),
  server: z
    .string()
    .regex(/^wss?:\/\/\S+$/, '信令服务器地址必须以 ws:// 或 wss:// 开头')
    .nullish(),
});
const balanceSchema = z.union([
  z.object({ minutes: z.number().int().min(0).max(10_000_000) }),
  z.object({ addMinutes: z.number().int().min(1).max(10_000_000) }),
]);
const callResults = ['answered', 'busy', 'rejected', 'no_answer', 'unavailable', 'not_found', 'canceled', 'failed'] as const;
const recordSchema = z
  .object({
    number: z.string().regex(/^\+?[0-9*#]{3,20}$/, '号码格式不正确'),
    customerId: z.union([z.string(), z.number()]).transform(String).nullish(),
    startedAt: z.iso.datetime(),
    answeredAt: z.iso.datetime().nullish(),
    endedAt: z.iso.datetime(),
    durationSeconds: z.number().int().min(0).max(86_400),
    result: z.enum(callResults),
  })
  .refine((record) => Date.parse(record.endedAt) >= Date.parse(record.startedAt), { message: '通话结束时间早于开始时间' });
const recordsQuerySchema = z.object({
  customerId: z.string().optional(),
  userId: z.string().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export default async function callRoutes(app: FastifyInstance, options: CallRoutesOptions): Promise<void> {
  const { db, caller, fail } = options;
  const parse = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> => parseInput(schema, value ?? {}, INPUT_LABELS);
  const admin = async (request: FastifyRequest) => {
    const who = await caller(request);
    if (!who.isAdmin) throw fail(403, '只有管理员可以管理网络电话');
    return who;
  };

  app.get('/call/sip-account', async (request) => {
    const who = await caller(request);
    const account = await findSipAccount(db, who.garageId, who.userId);
    return {
      response: {
        data: account && {
          user: account.sipUser,
          ha1: account.ha1,
          realm: account.realm,
          server: account.server ?? options.sipWebSocketUrl ?? '',
          stun: options.sipStunServer ?? '',
        },
      },
    };
  });

  app.get('/call/sip-accounts', async (request) => {
    const who = await admin(request);
    return { list: await listSipAccounts(db, who.garageId) };
  });

  app.post('/call/sip-account/provision', async (request) => {
    const who = await admin(request);
    const { userId, username, ...body } = parse(provisionSchema, request.body);
    if (!userId && !username) throw fail(400, '请选择要开通网络电话的员工');
    // Only staff of the caller's own chain: an id or name from another tenant is "not found".
    const staff = await findChainUser(db, who.garageId, { userId, username });
    if (!staff) throw fail(404, '该员工不存在');
    const account = await upsertSipAccount(db, { ...body, userId: staff, garageId: who.garageId }).catch((error: { code?: string }) => {
      if (error?.code === '23505') throw fail(409, '该 SIP 账号已分配给其他用户');
      throw error;
    });
    return { userId: account.userId, user: account.sipUser, realm: account.realm, ha1: account.ha1, server: account.server };
  });

  app.delete('/call/sip-account', async (request) => {
    const who = await admin(request);
    const { userId } = parse(z.object({ userId: z.string().min(1) }), request.query);
    if (!(await deleteSipAccount(db, who.garageId, userId))) throw fail(404, '该用户没有网络电话账号');
    return null;
  });

  app.get('/call/balance', async (request) => {
    const who = await caller(request);
    return { garageId: who.garageId, minutes: await balanceMinutes(db, who.garageId) };
  });

  app.put('/call/balance', async (request) => {
    const who = await admin(request);
    const body = parse(balanceSchema, request.body);
    const minutes = 'minutes' in body ? await setBalanceMinutes(db, who.garageId, body.minutes) : await addBalanceMinutes(db, who.garageId, body.addMinutes);
    return { garageId: who.garageId, minutes };
  });

  app.post('/call/record', async (request) => {
    const who = await caller(request);
    const body = parse(recordSchema, request.body);
    const { record, balanceMinutes: minutes } = await insertCallRecord(db, {
      garageId: who.garageId,
      userId: who.userId,
      customerId: body.customerId ?? null,
      number: body.number,
      startedAt: body.startedAt,
      answeredAt: body.answeredAt ?? null,
      endedAt: body.endedAt,
      durationSeconds: body.answeredAt ? body.durationSeconds : 0,
      result: body.answeredAt ? 'answered' : body.result,
    });
    return { record, balance: { minutes } };
  });

  app.get('/call/records', async (request) => {
    const who = await caller(request);
    const query = parse(recordsQuerySchema, request.query);
    return listCallRecords(db, who.garageId, {
      customerId: query.customerId,
      userId: query.userId,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
  });
}
