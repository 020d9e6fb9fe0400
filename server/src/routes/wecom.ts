/**
 * 企业微信 (issue 18): login settings for the QR login and the sidebar's silent OAuth, the JS-SDK
 * signatures, the sidebar's contact ↔ customer binding, and the sync of external contacts (a
 * durable job, wecom/sync.ts). Contacts are the signed-in chain's (rows keyed by chain, read from
 * WeCom with the chain's corp); customers are shown, bound and created within the caller's data
 * scope only. Everything but the login settings needs the 企业微信 add-on.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contracts/api/wecom';
import { Permission } from '../../../contracts/permissions';
import { maskMobile } from '../../../contracts/rules/mobile';
import { isUniqueViolation, sql, type Queryable } from '../db/database';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import { jobIdFor } from '../jobs/queue';
import { jsapiSignature } from '../providers/wecom';
import { auditActor, writeAudit, type AuditRecord } from '../repositories/authority';
import { entitlementState } from '../entitlements';
import { today as garageToday } from '../../../contracts/dates';
import { convertMatchingLeads, createCustomerFromLead } from '../repositories/potential';
import { settingsOf } from '../repositories/settings';
import { customerDetail } from '../repositories/customer';
import * as repo from '../repositories/wecom';
import { runWecomSync, WECOM_SYNC_JOB } from '../wecom/sync';

/** The JS-SDK calls the sidebar uses (wx.agentConfig's jsApiList). */
const JS_API_LIST = ['getCurExternalContact', 'getContext', 'sendChatMessage', 'openUserProfile'];

/** Re-read a contact from WeCom when the stored copy is older than this (the sidebar opens often). */
const FRESH_MS = 5 * 60 * 1000;

const MSG = {
  contactGone: '该外部联系人不存在或已被删除',
  customerGone: '客户不存在或已被删除',
  alreadyBound: '该联系人已绑定客户，如需更换请先解除绑定',
  customerTaken: (name: string) => `该客户已绑定企业微信联系人「${name}」，请先解除其绑定`,
  mobileTaken: '已有使用该手机号的客户，请搜索该客户后绑定',
  notBound: '该联系人尚未绑定客户',
  elsewhere: '该联系人已绑定其他门店的客户，您无权更改',
  syncRunning: '外部联系人正在同步中，请稍后查看进度',
};

const NO_APP = '本连锁尚未配置企业微信应用，请管理员配置后再试';

const WECOM = { config: { entitlement: 'wecom' as const } };

export default async function wecomRoutes(app: FastifyInstance) {
  const { db } = app;
  const provider = app.providers.wecom;

  app.jobs.work<{ chainId: number; run: number }>(WECOM_SYNC_JOB, (data, job) => runWecomSync(db, provider, data.chainId, data.run, job, app.log));
  app.addHook('onReady', async () => {
    // A sync left running by a stopped (or killed) process is resumed by its retried job.
    app.jobs.startIfPending(async () => (await repo.runningSyncs(db)).length > 0);
  });

  /** The chain's corp, if this server's WeCom app is the chain's (the development adapter serves any). */
  const corpOf = (request: FastifyRequest) => {
    const corpId = request.auth.garage.corpId;
    if (!corpId || (provider.corpId !== '' && provider.corpId !== corpId)) throw new ApiError(Code.unavailable, NO_APP);
    return corpId;
  };

  const audit = (tx: Queryable, request: FastifyRequest, entry: Pick<AuditRecord, 'action' | 'targetName' | 'detail' | 'storeIds'>) =>
    writeAudit(tx, { ...entry, targetType: 'wecom', targetId: null, ...auditActor(request.auth, request.ip) });

  // ── Login settings ─────────────────────────────────────────────────────────────────────
  serve(app, calls.loginSettings, { config: { public: true } }, async ({ redirectUri, state = '' }) => {
    const corpId = provider.corpId;
    const agentId = provider.agentId;
    const redirect = encodeURIComponent(redirectUri);
    return ok({
      configured: provider.name !== 'unconfigured',
      corpId,
      agentId,
      qrLoginUrl: `https://login.work.weixin.qq.com/wwlogin/sso/login?login_type=CorpApp&appid=${corpId}&agentid=${agentId}&redirect_uri=${redirect}&state=${state}`,
      oauthUrl: `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${corpId}&redirect_uri=${redirect}&response_type=code&scope=snsapi_base&state=${state}&agentid=${agentId}#wechat_redirect`,
    });
  });

  // ── JS-SDK ─────────────────────────────────────────────────────────────────────────────
  serve(app, calls.jssdkSignature, WECOM, async ({ url }, request) => {
    const corpId = corpOf(request);
    const [corpTicket, agentTicket] = await Promise.all([provider.jsapiTicket(corpId), provider.agentTicket(corpId)]);
    const page = url.split('#')[0];
    const sign = (ticket: string) => {
      const nonceStr = randomBytes(12).toString('base64url');
      const timestamp = Math.floor(Date.now() / 1000);
      return { nonceStr, timestamp, signature: jsapiSignature(ticket, nonceStr, timestamp, page) };
    };
    return ok({
      config: { appId: corpId, ...sign(corpTicket) },
      agentConfig: { corpid: corpId, agentid: provider.agentId, ...sign(agentTicket) },
      jsApiList: JS_API_LIST,
    });
  });

  // ── The sidebar ────────────────────────────────────────────────────────────────────────

  /** The contact as stored, refreshed from WeCom (and absorbed: linked or made a lead) when new or stale. */
  async function contactFor(request: FastifyRequest, externalUserId: string): Promise<repo.ContactRow> {
    const chainId = request.auth.chainId;
    const stored = await repo.findContact(db, chainId, externalUserId);
    if (stored?.syncedAt && Date.now() - Date.parse(stored.syncedAt) < FRESH_MS) return stored;
    let detail;
    try {
      detail = await provider.externalContact(corpOf(request), externalUserId);
    } catch (error) {
      if (stored) return stored; // WeCom unreachable: the stored copy is better than nothing
      throw error;
    }
    if (!detail) throw new ApiError(Code.notFound, MSG.contactGone);
    await db.transaction((tx) => repo.absorbContact(tx, chainId, detail));
    return (await repo.findContact(db, chainId, externalUserId))!;
  }

  const showPhoneOf = async (request: FastifyRequest) => (await settingsOf(db, request.auth)).isShowPhone;

  function contactAnswer(request: FastifyRequest, row: repo.ContactRow, showPhone: boolean) {
    const mine = row.followUsers.find((user) => user.userid === request.auth.wechatUserId) ?? row.followUsers[0];
    return {
      externalUserId: row.externalUserId,
      name: row.name,
      remark: mine?.remark ?? '',
      mobiles: showPhone ? row.mobiles : row.mobiles.map(maskMobile),
      type: row.type,
      avatar: row.avatar,
    };
  }

  serve(app, calls.currentContact, WECOM, async ({ externalUserId }, request) => {
    const row = await contactFor(request, externalUserId);
    const showPhone = await showPhoneOf(request);
    // The card's summary and its detail side by side: both are scoped, so both are empty out of range.
    const [customer, detail] = row.customerId === null ? [undefined, null]
      : await Promise.all([repo.visibleCustomer(db, request.scope, row.customerId, showPhone), customerDetail(db, request.scope, row.customerId, { showPhone })]);
    return ok({
      contact: contactAnswer(request, row, showPhone),
      customer: customer ?? null,
      source: customer ? row.boundBy : null,
      boundElsewhere: row.customerId !== null && !customer,
      detail,
    });
  });

  serve(app, calls.searchCustomers, WECOM, async ({ keyword }, request) => {
    return ok({ rows: await repo.searchCustomers(db, request.scope, keyword, await showPhoneOf(request)) });
  });

  /** Runs a binding change; a customer bound meanwhile by somebody else (unique index) reads as taken. */
  async function binding<T>(work: () => Promise<T>, customerId: number, chainId: number): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const other = await repo.contactOfCustomer(db, chainId, customerId);
      throw new ApiError(Code.conflict, MSG.customerTaken(other?.name || other?.externalUserId || ''));
    }
  }

  serve(app, calls.bindContact, WECOM, async ({ externalUserId, customerId, replace }, request) => {
    const chainId = request.auth.chainId;
    await contactFor(request, externalUserId);
    const showPhone = await showPhoneOf(request);
    await binding(
      () =>
        db.transaction(async (tx) => {
          const contact = (await repo.findContact(tx, chainId, externalUserId, true))!;
          const customer = await repo.visibleCustomer(tx, request.scope, customerId, showPhone);
          if (!customer) throw new ApiError(Code.notFound, MSG.customerGone);
          if (contact.customerId === customerId) return;
          if (contact.customerId !== null) {
            const current = await repo.customerStoreOf(tx, chainId, contact.customerId);
            if (current && !request.scope.canSeeStore(current.storeId)) throw new ApiError(Code.forbidden, MSG.elsewhere);
            if (!replace) throw new ApiError(Code.conflict, MSG.alreadyBound);
          }
          const other = await repo.contactOfCustomer(tx, chainId, customerId);
          if (other) throw new ApiError(Code.conflict, MSG.customerTaken(other.name || other.externalUserId));
          await repo.setBinding(tx, chainId, externalUserId, customerId, 'manual', request.auth.userId);
          await audit(tx, request, { action: 'wecom.bind', targetName: contact.name || externalUserId, detail: { externalUserId, customerId, customerName: customer.name, replaced: contact.customerId }, storeIds: [customer.storeId] });
        }),
      customerId,
      chainId,
    );
    return ok({ customer: (await repo.visibleCustomer(db, request.scope, customerId, showPhone))! });
  });

  serve(app, calls.unbindContact, WECOM, async ({ externalUserId }, request) => {
    const chainId = request.auth.chainId;
    await db.transaction(async (tx) => {
      const contact = await repo.findContact(tx, chainId, externalUserId, true);
      if (!contact || contact.customerId === null) throw new ApiError(Code.conflict, MSG.notBound);
      const current = await repo.customerStoreOf(tx, chainId, contact.customerId);
      if (current && !request.scope.canSeeStore(current.storeId)) throw new ApiError(Code.forbidden, MSG.elsewhere);
      await repo.setBinding(tx, chainId, externalUserId, null, null, null);
      await audit(tx, request, { action: 'wecom.unbind', targetName: contact.name || externalUserId, detail: { externalUserId, customerId: contact.customerId }, storeIds: current ? [current.storeId] : [] });
    });
    return ok(null);
  });

  serve(app, calls.createCustomerFromContact, WECOM, async (input, request) => {
    const chainId = request.auth.chainId;
    const storeId = request.scope.requireStore(input.storeId);
    await contactFor(request, input.externalUserId);
    const customerId = await db.transaction(async (tx) => {
      const contact = (await repo.findContact(tx, chainId, input.externalUserId, true))!;
      if (contact.customerId !== null) throw new ApiError(Code.conflict, MSG.alreadyBound);
      const same = await tx.one(sql`SELECT 1 AS found FROM customer WHERE chain_id = ${chainId} AND mobile = ${input.mobile}`);
      if (same) throw new ApiError(Code.conflict, MSG.mobileTaken);
      const id = await createCustomerFromLead(tx, { chainId, storeId, name: input.name, mobile: input.mobile, plate: '', source: repo.LEAD_SOURCE, remark: input.remark ?? '' });
      await repo.setBinding(tx, chainId, input.externalUserId, id, 'created', request.auth.userId);
      // The contact's own lead, and any other open lead with this mobile, has now come in.
      if (contact.potentialId !== null) await tx.run(sql`UPDATE potential_customer SET mobile = ${input.mobile} WHERE id = ${contact.potentialId} AND chain_id = ${chainId} AND mobile = ''`);
      await convertMatchingLeads(tx, { chainId, storeId, customerId: id, mobile: input.mobile, plate: '', userId: request.auth.userId });
      await audit(tx, request, { action: 'wecom.create-customer', targetName: input.name, detail: { externalUserId: input.externalUserId, customerId: id }, storeIds: [storeId] });
      return id;
    });
    return ok({ customer: (await repo.visibleCustomer(db, request.scope, customerId, await showPhoneOf(request)))! });
  });

  // ── Sync ───────────────────────────────────────────────────────────────────────────────
  const SYNC = { config: { entitlement: 'wecom' as const, permission: Permission.settingsCentre } };

  async function status(chainId: number) {
    const row = await repo.syncOf(db, chainId);
    return {
      state: row?.state ?? 'idle',
      usersDone: row?.usersDone ?? 0,
      usersTotal: row?.users.length ?? 0,
      contactsSeen: row?.contactsSeen ?? 0,
      linked: row?.linked ?? 0,
      newLeads: row?.newLeads ?? 0,
      startedAt: row?.startedAt ?? null,
      finishedAt: row?.finishedAt ?? null,
      error: row?.error ?? '',
    };
  }

  serve(app, calls.startSync, SYNC, async ({ full }, request) => {
    const chainId = request.auth.chainId;
    corpOf(request);
    const run = await db.transaction((tx) => repo.beginSync(tx, chainId, full, request.auth.userId));
    if (run === null) throw new ApiError(Code.conflict, MSG.syncRunning);
    await app.jobs.send(WECOM_SYNC_JOB, { chainId, run }, { id: jobIdFor(WECOM_SYNC_JOB, chainId * 100_000 + run) });
    return ok(await status(chainId));
  });

  serve(app, calls.getSync, SYNC, async (_input, request) => ok(await status(request.auth.chainId)));

  // ── Overview (系统设置 › 企业微信): readable without the add-on, so the page can say it is missing ──
  serve(app, calls.overview, async (_input, request) => {
    const chainId = request.auth.chainId;
    const corpId = request.auth.garage.corpId ?? '';
    const missing: string[] = [];
    if (!corpId) missing.push('本连锁尚未登记企业微信的企业ID（CorpID）');
    if (provider.name === 'unconfigured') missing.push('服务器尚未配置企业微信自建应用（环境变量 WECOM_CORP_ID、WECOM_SECRET）');
    else {
      if (corpId && provider.corpId !== '' && provider.corpId !== corpId) missing.push(`服务器配置的企业ID（${provider.corpId}）与本连锁的企业ID不一致`);
      if (!provider.agentId) missing.push('缺少自建应用的 AgentId（环境变量 WECOM_AGENT_ID）');
    }
    // From the configured address only: a request's Host header is the caller's to choose.
    const publicUrl = app.config.publicUrl;
    if (!publicUrl) missing.push('服务器尚未配置对外访问地址（环境变量 PUBLIC_URL），无法生成侧边栏地址');
    const [addOn, counts, sync] = await Promise.all([
      entitlementState(db, chainId, 'wecom', garageToday(request.scope.timeZone)),
      repo.contactCounts(db, chainId),
      status(chainId),
    ]);
    return ok({
      addOn,
      configured: missing.length === 0,
      corpId,
      agentId: provider.agentId,
      sidebarUrl: publicUrl ? `${publicUrl}${calls.WECOM_SIDEBAR_PATH}` : '',
      missing,
      ...counts,
      sync,
    });
  });
}
