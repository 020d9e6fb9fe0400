/**
 * Web phone routes (spec section 7: /call/sip-account, /call/balance; plus what admins and the
 * phone bar need). Everything is scoped to the caller's garage; lines to the staff the caller manages
 * (repositories/call.ts LineReach: the whole chain, or the staff of the caller's own stores).
 *
 *   GET    /call/sip-account                  the caller's account: { response: { data: { user, ha1, realm, server, stun } | null } }
 *   GET    /call/sip-accounts                 网络电话: the staff the caller manages and their lines (no HA1), 系统设置 › 电话线路
 *   POST   /call/sip-account/provision        网络电话: { userId | username, sipUser, password?, realm?, server? } → HA1 stored, password dropped
 *   DELETE /call/sip-account?userId=          网络电话: takes a line back (that user's phone becomes disabled)
 *   GET    /call/balance                      { garageId, minutes } (minutes are bought in the mall: no route sets them, issue 31)
 *   POST   /call/check                        the phone bar, before dialling: { number, customerId? } → { minutes } or a refusal
 *   POST   /call/start                        the phone bar, on dialling: { callId (SIP Call-ID), number, customerId? }
 *   POST   /call/answered                     the phone bar, on answer: { callId } (timing only without SIP events)
 *   POST   /call/record                       the phone bar, when a call ends: { callId, number, customerId, result } → { record, balance }
 *   GET    /call/records?customerId=&userId=&page=&pageSize=   { list, total }, the caller's stores only
 *
 * Billing never trusts the browser: with SIP events (SIP_EVENTS_SECRET, routes/sip-events.ts)
 * Kamailio's dialog timestamps are billed; without, the server's own receive times of the
 * answer and end reports (docs/DECISIONS.md). Times and durations the browser sends are ignored.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUniqueViolation, type Database, type Queryable } from '../db/database';
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/call';
import { Permission } from '../../../contracts/permissions';
import { PHONE_LINE_MESSAGES as LINE } from '../../../contracts/rules/phone-line';
import type { TenantScope } from '../repositories/scope';
import { settingsOf } from '../repositories/settings';
import { auditActor, writeAudit } from '../repositories/authority';
import type { ServerConfig } from '../config';
import { KAMAILIO_MISSING_NOTICE, demoLinePassword, syncDemoKamailio } from '../providers/demo-phone-line';
import {
  balanceMinutes,
  deleteSipAccount,
  findSipAccount,
  findVisibleCustomerStore,
  lineStaff,
  listCallRecords,
  recordCallEnd,
  recordCallStart,
  recordServerAnswer,
  upsertSipAccount,
  type LineReach,
  type LineStaffRow,
} from '../repositories/call';

/** What this plugin needs from the app; the app layer passes it when registering the plugin. */
export interface CallRoutesOptions {
  db: Database;
  /** The authenticated caller (the app's token check), or a thrown envelope error. */
  caller(request: FastifyRequest): Promise<{ userId: string; garageId: string; isAdmin: boolean }>;
  /** Thrown for business errors; the app's error handler turns it into { code, msg }. */
  fail(code: number, msg: string): Error;
  /** Deployment defaults: SIP WebSocket URL (else the client derives wss://<realm>/webrtc) and STUN. */
  sipWebSocketUrl?: string;
  sipStunServer?: string;
  /**
   * sipEventsSecret: set when Kamailio reports calls, billing then follows its dialog events.
   * sipDemo: npm start's demo line (providers/demo-phone-line.ts), whose Kamailio learns each line given or taken.
   */
  config?: Partial<Pick<ServerConfig, 'sipEventsSecret' | 'sipDemo' | 'sipRealm'>>;
}

/** Without SIP events, a call's server-timed talk time is capped here (2 hours). */
export const SERVER_TIMED_MAX_SECONDS = 2 * 3600;

export default async function callRoutes(app: FastifyInstance, options: CallRoutesOptions): Promise<void> {
  const { db, caller, fail } = options;
  // Whoever may dial (网络电话) gives and takes lines, within the staff they manage.
  const LINES = { config: { permission: Permission.webPhone } };
  const reachOf = (request: FastifyRequest): LineReach => ({
    chainId: request.auth.chainId,
    wholeChain: request.auth.dataScope === 1,
    storeIds: request.auth.accessibleStoreIds,
  });
  /** The staff member named, if the caller manages them: another chain's or store's is "not found" alike. */
  const managedStaff = async (request: FastifyRequest, who: { userId?: string; username?: string }) => {
    const [staff] = await lineStaff(db, reachOf(request), who);
    if (!staff) throw fail(404, LINE.staffNotFound);
    return staff;
  };
  const auditLine = (tx: Queryable, request: FastifyRequest, action: 'phone.line.give' | 'phone.line.take', staff: LineStaffRow, sipUser: string) =>
    writeAudit(tx, {
      ...auditActor(request.auth, request.ip),
      action, targetType: 'staff', targetId: Number(staff.userId), targetName: `${staff.nickName}（分机 ${sipUser}）`,
      detail: { sipUser }, storeIds: staff.storeIds,
    });

  const sipDemo = options.config?.sipDemo ?? null;
  const demoLine = typeof sipDemo === 'object' ? sipDemo : null;
  const sipRealm = options.config?.sipRealm ?? '';
  /** The demo Kamailio follows every line given or taken (its table is rewritten from ours). */
  const linesChanged = async () => {
    if (demoLine) await syncDemoKamailio(db, demoLine, sipRealm);
  };

  serve(app, calls.sipAccount, async (_input, request) => {
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
          ...(demoLine && account.realm === sipRealm && !account.server ? { demo: true } : {}),
        },
        ...(!account && sipDemo === 'kamailio-missing' ? { unavailable: KAMAILIO_MISSING_NOTICE } : {}),
      },
    };
  });

  serve(app, calls.sipAccounts, LINES, async (_input, request) => {
    const staff = await lineStaff(db, reachOf(request));
    return {
      staff: staff.map(({ storeIds: _stores, ...person }) => person),
      realm: sipRealm,
      demo: demoLine !== null,
    };
  });

  serve(app, calls.provisionSipAccount, LINES, async ({ userId, username, password, realm = sipRealm, ...line }, request) => {
    if (!userId && !username) throw fail(400, LINE.staffMissing);
    const staff = await managedStaff(request, { userId, username });
    // Only the demo's Kamailio learns a line from us; a real signalling server already has the extension's password.
    const secret = password ?? (demoLine && realm === sipRealm ? demoLinePassword() : undefined);
    if (!secret) throw fail(400, LINE.passwordMissing);
    // SIP user and realm are unique across chains (Kamailio knows no tenants). The refusal is the
    // same whoever holds the account, so it tells nothing about other chains' staff.
    const account = await db
      .transaction(async (tx) => {
        const saved = await upsertSipAccount(tx, { ...line, realm, password: secret, userId: staff.userId, garageId: String(request.auth.chainId) });
        await auditLine(tx, request, 'phone.line.give', staff, saved.sipUser);
        return saved;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw fail(409, LINE.extensionTaken);
        throw error;
      });
    await linesChanged();
    return { userId: account.userId, user: account.sipUser, realm: account.realm, ha1: account.ha1, server: account.server };
  });

  serve(app, calls.deleteSipAccount, LINES, async ({ userId }, request) => {
    const staff = await managedStaff(request, { userId });
    if (!staff.line) throw fail(404, LINE.noLine);
    const line = staff.line;
    const taken = await db.transaction(async (tx) => {
      if (!(await deleteSipAccount(tx, String(request.auth.chainId), staff.userId))) return false;
      await auditLine(tx, request, 'phone.line.take', staff, line.sipUser);
      return true;
    });
    if (!taken) throw fail(404, LINE.noLine);
    await linesChanged();
    return null;
  });

  serve(app, calls.callBalance, async (_input, request) => {
    const who = await caller(request);
    return { garageId: who.garageId, minutes: await balanceMinutes(db, who.garageId) };
  });

  const sipEvents = Boolean(options.config?.sipEventsSecret);

  /**
   * The store a call belongs to: the customer's, which must be in the caller's chain and a store
   * they see (else refused, nothing stored); without a customer, the store the caller works in.
   */
  const callStore = async (scope: TenantScope, customerId: string | null | undefined): Promise<number | null> => {
    if (!customerId) return scope.defaultStoreId() ?? null;
    const store = await findVisibleCustomerStore(db, scope, Number(customerId));
    if (store === null) throw fail(403, '该客户不在您的门店范围内，不能拨打或记录通话');
    return store;
  };
  const callOwner = async (request: FastifyRequest, customerId: string | null | undefined) => {
    const who = await caller(request);
    return { garageId: who.garageId, userId: who.userId, storeId: await callStore(request.scope, customerId) };
  };

  // Every call the phone bar reports (check, start, answer, end) needs the 网络电话 add-on
  // (entitlements.ts); set-up, balance and history stay readable. Kamailio's events
  // (sip-events.ts) bill a call that happened whatever the add-on.
  const webPhone = { config: { entitlement: 'web_phone' as const } };
  serve(app, calls.checkCall, webPhone, async (body, request) => {
    const owner = await callOwner(request, body.customerId);
    return { minutes: await balanceMinutes(db, owner.garageId) };
  });

  serve(app, calls.startCall, webPhone, async (body, request) => {
    const owner = await callOwner(request, body.customerId);
    const record = await recordCallStart(db, { ...owner, sipCallId: body.callId, customerId: body.customerId ?? null, number: body.number });
    if (!record) throw fail(409, '通话标识重复');
    return { record };
  });

  serve(app, calls.callAnswered, webPhone, async ({ callId }, request) => {
    const who = await caller(request);
    // With SIP events the answer time is Kamailio's; the browser's report only matters without them.
    if (!sipEvents) await recordServerAnswer(db, who, callId);
    return null;
  });

  serve(app, calls.endCall, webPhone, async (body, request) => {
    const owner = await callOwner(request, body.customerId);
    const ended = await recordCallEnd(
      db,
      { ...owner, sipCallId: body.callId, customerId: body.customerId ?? null, number: body.number, result: body.result },
      { serverTimed: !sipEvents, maxSeconds: SERVER_TIMED_MAX_SECONDS },
    );
    if (!ended) throw fail(409, '通话标识重复');
    return { record: ended.record, balance: { minutes: ended.balanceMinutes } };
  });

  serve(app, calls.callRecords, async (query, request) => {
    const who = await caller(request);
    const { auth, scope } = request;
    return listCallRecords(db, who.garageId, {
      storeIds: scope.storeIds,
      // Calls tied to no store (headquarters staff, no customer) belong to whoever sees every store.
      wholeChain: auth.dataScope === 1 && auth.garage.isHq,
      customerId: query.customerId,
      userId: query.userId,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
      showPhone: (await settingsOf(db, auth)).isShowPhone,
    });
  });
}
