/**
 * 短信营销 (issue 15): templates, signature and daily limit, recipients preview, campaigns on the
 * durable 'sms-campaign' job (sms/campaign.ts), delivery states and report, opt-outs, consent.
 * Every call needs 短信营销 (Permission.smsMarketing); settings and template review are admins'.
 * Settings and opt-outs are the chain's; a template is the chain's (总部模板) or one store's own, and
 * who changes or reviews which is contracts/sms.ts (templateEditProblem); campaigns belong to the
 * store they were sent from and are seen by staff of that store; recipients are always within the
 * caller's stores.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contracts/api/sms';
import { Permission } from '../../../contracts/permissions';
import {
  CAMPAIGN_STATE_LABELS,
  CONSENT_SOURCE_LABELS,
  countSms,
  composeSms,
  isMarketing,
  nextMarketingTime,
  RECIPIENT_STATE_LABELS,
  renderTemplate,
  SAMPLE_RECIPIENT,
  SMS_CATEGORY_LABELS,
  smsSettingsProblem,
  TEMPLATE_STATUS_LABELS,
  templateEditProblem,
  templateReviewProblem,
  DAILY_MARKETING_LIMIT,
  mayUndoOptOut,
  OPT_OUT_SOURCE_LABELS,
  CONVERSION_DAYS,
  type CampaignState,
  type ConsentSource,
  type RecipientState,
  type SmsCategory,
  type SmsEditor,
  type TemplateStatus,
} from '../../../contracts/sms';
import { maskMobile } from '../../../contracts/rules/mobile';
import { isUniqueViolation, sql, type Queryable, type SQL } from '../db/database';
import { serve } from '../http/contract';
import { ApiError, Code, ok, refuse } from '../http/envelope';
import { auditActor, writeAudit, type AuditRecord } from '../repositories/authority';
import { isDevelopmentAdapter } from '../production';
import { balanceOf } from '../repositories/ledger';
import { settingsOf } from '../repositories/settings';
import { jobIdFor } from '../jobs/queue';
import {
  batchFor,
  campaignRunner,
  cancelRemainder,
  dropOrphanChunks,
  eventHandler,
  makeCampaign,
  jobKey,
  personalise,
  reasonText,
  resolveAudience,
  settingOf,
  SMS_CAMPAIGNS_AT_ONCE,
  SMS_JOB,
  windowNote,
  type SmsClock,
} from '../sms/campaign';
import type { Host } from './index';

/** Registered once (under /api): the job worker and the SMSC's events belong to the process. */
export const hosts: Host[] = ['main'];

const SMS = { config: { permission: Permission.smsMarketing } };
const SMS_ADMIN = { config: { permission: Permission.smsMarketing, admin: true } };
const NOT_FOUND = '发送记录不存在或不在你的数据范围内';
const TEMPLATE_NOT_FOUND = '短信模板不存在或已被删除';

interface TemplateRow {
  id: number;
  name: string;
  category: SmsCategory;
  body: string;
  status: TemplateStatus;
  reviewNote: string;
  updatedAt: string;
  storeId: number | null;
  storeName: string | null;
}

const editorOf = (request: FastifyRequest): SmsEditor => ({ isAdmin: request.auth.isAdmin, dataScope: request.auth.dataScope, storeIds: request.auth.accessibleStoreIds });

const templateAnswer = (request: FastifyRequest, { storeName, ...row }: TemplateRow): calls.SmsTemplate => ({
  ...row,
  categoryName: SMS_CATEGORY_LABELS[row.category],
  statusName: TEMPLATE_STATUS_LABELS[row.status],
  ownerName: row.storeId === null ? '总部模板' : (storeName ?? ''),
  canEdit: templateEditProblem(editorOf(request), row) === null,
  canReview: templateReviewProblem(editorOf(request), row) === null,
});

const TEMPLATE_COLUMNS = sql`t.id, t.name, t.category, t.content AS body, t.status, t.review_note AS "reviewNote", t.updated_at AS "updatedAt",
  t.store_id AS "storeId", (SELECT g.name FROM garage g WHERE g.id = t.store_id) AS "storeName"`;

interface SummaryRow {
  id: number;
  name: string;
  templateName: string;
  category: SmsCategory;
  state: CampaignState;
  sendAt: string;
  total: number;
  processed: number;
  submitted: number;
  delivered: number;
  failed: number;
  skipped: number;
  creditsReserved: number;
  creditsRefunded: number;
  createdBy: string;
  storeName: string;
  createdAt: string;
  finishedAt: string | null;
  signature: string;
  body: string;
}

async function summaries(db: Queryable, where: SQL, limit = 20, offset = 0): Promise<SummaryRow[]> {
  return db.rows<SummaryRow>(sql`
    SELECT c.id, c.name, c.template_name AS "templateName", c.category, c.state, c.send_at AS "sendAt", c.total,
           c.credits_reserved AS "creditsReserved", c.credits_refunded AS "creditsRefunded", c.created_at AS "createdAt", c.finished_at AS "finishedAt",
           c.signature, c.body, COALESCE(NULLIF(u.nick_name, ''), u.username) AS "createdBy", g.name AS "storeName",
           COALESCE(x.processed, 0)::int AS processed, COALESCE(x.submitted, 0)::int AS submitted, COALESCE(x.delivered, 0)::int AS delivered,
           COALESCE(x.failed, 0)::int AS failed, COALESCE(x.skipped, 0)::int AS skipped
      FROM sms_campaign c JOIN app_user u ON u.id = c.created_by JOIN garage g ON g.id = c.store_id
      LEFT JOIN LATERAL (
        -- Kept per statement by a trigger (migration 565): no count over 100,000 recipients per look.
        SELECT sum(processed) AS processed, sum(submitted) AS submitted, sum(delivered) AS delivered, sum(failed) AS failed, sum(skipped) AS skipped
          FROM sms_campaign_progress p WHERE p.campaign_id = c.id) x ON TRUE
     WHERE ${where}
     ORDER BY c.id DESC LIMIT ${limit} OFFSET ${offset}`);
}

function summaryAnswer(row: SummaryRow): calls.CampaignSummary {
  const { signature: _signature, body: _body, creditsRefunded, ...rest } = row;
  return {
    ...rest,
    categoryName: SMS_CATEGORY_LABELS[row.category],
    stateName: CAMPAIGN_STATE_LABELS[row.state],
    creditsCharged: Math.max(0, row.creditsReserved - creditsRefunded),
  };
}

export default async function smsRoutes(app: FastifyInstance) {
  const provider = app.providers.sms;
  const clock: SmsClock = { now: () => new Date(), windowOff: !app.config.production && process.env.SMS_MARKETING_WINDOW === 'off' };
  const events = eventHandler(app.db, app.log, app.requestsFirst);
  const runner = campaignRunner(app.db, provider, clock, app.log, events.sink, app.requestsFirst);
  provider.onEvent(events.handle);

  // Several campaigns at once (they share the SMSC window): a 取车通知 to one customer never waits for a large marketing campaign to finish.
  app.jobs.work<{ campaignId: number; run: number }>(SMS_JOB, (data, job) => runner.run(data.campaignId, data.run, job), { concurrency: SMS_CAMPAIGNS_AT_ONCE });
  /** Between the steps of making a large campaign, the other staff's requests go first. */
  const giveWay = () => app.requestsFirst.quiet(100, 1);
  const startRun = (campaignId: number, run: number) => app.jobs.send(SMS_JOB, { campaignId, run }, { id: jobIdFor(SMS_JOB, jobKey(campaignId, run)) });

  /** Scheduled campaigns whose time has come start a new run. */
  const startDue = async () => {
    const due = await app.db.rows<{ id: number; run: number }>(sql`
      UPDATE sms_campaign SET state = 'running', run = run + 1, started_at = COALESCE(started_at, now())
       WHERE state = 'scheduled' AND send_at <= now() RETURNING id, run`);
    for (const campaign of due) await startRun(campaign.id, campaign.run);
  };
  let ticker: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // A campaign left running by a stopped (or killed) process is resumed by its retried job.
    app.jobs.startIfPending(async () => (await app.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_campaign WHERE state = 'running'`))!.n > 0);
    void dropOrphanChunks(app.db).then(
      (dropped) => dropped > 0 && app.log.warn({ chunks: dropped }, 'sms: recipients of campaigns never made (process stopped while making them) dropped'),
      (error: unknown) => app.log.error({ err: error }, 'sms: leftover recipient chunks not dropped'),
    );
    ticker = setInterval(() => void startDue().catch((error: unknown) => app.log.error({ err: error }, 'scheduled sms campaigns not started')), 10_000);
    ticker.unref();
  });
  app.addHook('onClose', async () => {
    if (ticker) clearInterval(ticker);
    await events.sink.drain().catch(() => undefined);
  });

  const inScope = (request: FastifyRequest) => sql`c.chain_id = ${request.scope.chainId} AND c.store_id = ANY(${sql.param(request.scope.storeIds)}::int[])`;
  const findCampaign = async (request: FastifyRequest, id: number) => {
    const [row] = await summaries(app.db, sql`${inScope(request)} AND c.id = ${id}`, 1);
    if (!row) throw refuse.notFound(NOT_FOUND);
    return row;
  };
  /** The chain's templates and the own templates of the stores the caller sees now. */
  const visibleTemplates = (request: FastifyRequest) =>
    sql`t.chain_id = ${request.scope.chainId} AND (t.store_id IS NULL OR t.store_id = ANY(${sql.param(request.scope.storeIds)}::int[]))`;
  const findTemplate = async (request: FastifyRequest, id: number, db: Queryable = app.db, lock = false) => {
    const row = await db.one<TemplateRow>(sql`SELECT ${TEMPLATE_COLUMNS} FROM sms_template t WHERE ${visibleTemplates(request)} AND t.id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`);
    if (!row) throw refuse.notFound(TEMPLATE_NOT_FOUND);
    return row;
  };
  const mayEdit = (request: FastifyRequest, template: TemplateRow) => {
    const problem = templateEditProblem(editorOf(request), template);
    if (problem) throw refuse.forbidden(problem);
  };
  const audit = (tx: Queryable, request: FastifyRequest, action: AuditRecord['action'], targetId: number | null, targetName: string, detail: Record<string, unknown> = {}, storeIds = request.scope.storeIds) =>
    writeAudit(tx, { ...auditActor(request.auth, request.ip), action, targetType: 'sms', targetId, targetName, detail, storeIds });

  // ─────────────────────────────────────────────────────────────────────────── templates
  serve(app, calls.smsTemplates, SMS, async ({ category }, request) => {
    const rows = await app.db.rows<TemplateRow>(sql`
      SELECT ${TEMPLATE_COLUMNS} FROM sms_template t WHERE ${visibleTemplates(request)} ${category ? sql`AND t.category = ${category}` : sql``}
       ORDER BY t.store_id NULLS FIRST, t.id`);
    return ok(rows.map((row) => templateAnswer(request, row)));
  });

  /** A store's template concerns that store (a store admin's 操作日志 shows it); the chain's, every store the caller sees. */
  const templateAudit = (tx: Queryable, request: FastifyRequest, action: AuditRecord['action'], template: TemplateRow, detail: Record<string, unknown>) =>
    audit(tx, request, action, template.id, `短信模板：${template.name}（${template.storeId === null ? '总部模板' : template.storeName}）`, detail,
      template.storeId === null ? request.scope.storeIds : [template.storeId]);
  const unlessNameTaken = async <T>(work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => {
      if (isUniqueViolation(error)) throw refuse.conflict('已有同名的短信模板，请换一个名称');
      throw error;
    });

  serve(app, calls.createSmsTemplate, SMS, async (input, request) => {
    // At headquarters, someone who sees every store writes for every store; anyone else for their current store.
    const storeId = request.auth.dataScope === 1 && request.auth.garage.isHq ? null : request.scope.defaultStoreId();
    if (storeId === undefined) throw refuse.forbidden('请先切换到一家门店再新建模板');
    const status: TemplateStatus = provider.requiresApproval ? 'pending' : 'approved';
    const kind = input.category === 'notice' ? 'notice' : 'marketing';
    const row = await unlessNameTaken(
      app.db.transaction(async (tx) => {
        const { id } = (await tx.one<{ id: number }>(sql`
          INSERT INTO sms_template (chain_id, store_id, name, kind, category, content, status) VALUES (${request.scope.chainId}, ${storeId}, ${input.name}, ${kind}, ${input.category}, ${input.body}, ${status})
          RETURNING id`))!;
        const made = await findTemplate(request, id, tx);
        await templateAudit(tx, request, 'sms.template.create', made, { category: made.category, body: made.body });
        return made;
      }),
    );
    return ok(templateAnswer(request, row));
  });

  serve(app, calls.updateSmsTemplate, SMS, async (input, request) => {
    const kind = input.category === 'notice' ? 'notice' : 'marketing';
    const row = await unlessNameTaken(
      app.db.transaction(async (tx) => {
        const before = await findTemplate(request, input.id, tx, true);
        mayEdit(request, before);
        // New words (or a category with other sending rules) are not what was approved: every store
        // would send them unchecked, so the template waits for review again on every channel.
        const reworded = before.body !== input.body || before.category !== input.category;
        await tx.run(sql`
          UPDATE sms_template SET name = ${input.name}, category = ${input.category}, kind = ${kind}, content = ${input.body}, updated_at = now()
                 ${reworded ? sql`, status = 'pending', review_note = ''` : sql``}
           WHERE id = ${before.id}`);
        const after = await findTemplate(request, before.id, tx);
        await templateAudit(tx, request, 'sms.template.update', after, {
          before: { name: before.name, category: before.category, body: before.body, status: before.status },
          after: { name: after.name, category: after.category, body: after.body, status: after.status },
        });
        return after;
      }),
    );
    return ok(templateAnswer(request, row));
  });

  serve(app, calls.deleteSmsTemplate, SMS, async ({ id }, request) => {
    await app.db.transaction(async (tx) => {
      const template = await findTemplate(request, id, tx, true);
      mayEdit(request, template);
      await tx.run(sql`DELETE FROM sms_template WHERE id = ${id}`);
      await templateAudit(tx, request, 'sms.template.delete', template, { category: template.category, body: template.body });
    });
    return ok({ deleted: true });
  });

  serve(app, calls.reviewSmsTemplate, SMS_ADMIN, async ({ id, approved, note, updatedAt }, request) => {
    const template = await findTemplate(request, id);
    const problem = templateReviewProblem(editorOf(request), template);
    if (problem) throw refuse.forbidden(problem);
    if (!approved && !note.trim()) throw refuse.badInput('驳回时请填写驳回原因');
    const row = await app.db.transaction(async (tx) => {
      // Only the text the reviewer saw, still waiting: a second reviewer, or an edit meanwhile (which
      // stays 待审核 with other words), must not be approved unseen. Answers carry milliseconds.
      const changed = await tx.run(sql`
        UPDATE sms_template SET status = ${approved ? 'approved' : 'rejected'}, review_note = ${approved ? '' : note.trim()}, updated_at = now()
         WHERE id = ${id} AND status = 'pending' AND date_trunc('milliseconds', updated_at) = ${updatedAt ?? template.updatedAt}::timestamptz`);
      if (changed === 0) throw refuse.conflict(`该模板已被他人修改（当前：${TEMPLATE_STATUS_LABELS[template.status]}），请刷新后再审核`);
      const updated = await findTemplate(request, id, tx);
      await templateAudit(tx, request, 'sms.template.review', updated, { approved, note, body: updated.body });
      return updated;
    });
    return ok(templateAnswer(request, row));
  });

  serve(app, calls.submitSmsTemplate, SMS, async ({ id }, request) => {
    const template = await findTemplate(request, id);
    mayEdit(request, template);
    const row = await app.db.transaction(async (tx) => {
      const changed = await tx.run(sql`UPDATE sms_template SET status = 'pending', updated_at = now() WHERE id = ${id} AND status = 'rejected'`);
      if (changed === 0) throw refuse.conflict(`该模板${TEMPLATE_STATUS_LABELS[template.status]}，无需提交审核`);
      const updated = await findTemplate(request, id, tx);
      await templateAudit(tx, request, 'sms.template.submit', updated, { previousNote: template.reviewNote });
      return updated;
    });
    return ok(templateAnswer(request, row));
  });

  // ──────────────────────────────────────────────────────────────────────────── settings
  const settingsAnswer = async (request: FastifyRequest): Promise<calls.SmsSettings> => {
    const chainId = request.scope.chainId;
    const setting = await settingOf(app.db, chainId);
    return {
      signature: setting?.signature ?? '',
      dailyMarketingLimit: setting?.dailyMarketingLimit ?? DAILY_MARKETING_LIMIT.default,
      requiresApproval: provider.requiresApproval,
      balance: await balanceOf(app.db, chainId, 'sms'),
      provider: provider.name,
      demo: isDevelopmentAdapter(provider),
      canEdit: smsSettingsProblem(editorOf(request)) === null,
    };
  };
  serve(app, calls.getSmsSettings, SMS, async (_input, request) => ok(await settingsAnswer(request)));
  serve(app, calls.saveSmsSettings, SMS_ADMIN, async ({ signature, dailyMarketingLimit }, request) => {
    const problem = smsSettingsProblem(editorOf(request));
    if (problem) throw refuse.forbidden(problem);
    await app.db.transaction(async (tx) => {
      await tx.run(sql`
        INSERT INTO sms_setting (chain_id, signature, daily_marketing_limit) VALUES (${request.scope.chainId}, ${signature}, ${dailyMarketingLimit})
        ON CONFLICT (chain_id) DO UPDATE SET signature = EXCLUDED.signature, daily_marketing_limit = EXCLUDED.daily_marketing_limit, updated_at = now()`);
      await audit(tx, request, 'sms.settings', null, '短信设置', { signature, dailyMarketingLimit });
    });
    return ok(await settingsAnswer(request));
  });

  // ─────────────────────────────────────────────────────────────────── preview and campaign
  const messageOf = async (request: FastifyRequest, input: { templateId?: number; body?: string; category?: SmsCategory }) => {
    if (input.templateId) {
      const template = await findTemplate(request, input.templateId);
      return { body: template.body, category: template.category, template };
    }
    if (input.body === undefined) throw refuse.badInput('请选择短信模板或填写短信内容');
    return { body: input.body, category: input.category ?? 'marketing', template: undefined };
  };
  const signatureOf = async (chainId: number) => {
    const setting = await settingOf(app.db, chainId);
    if (!setting?.signature) throw refuse.badInput('请先设置短信签名（短信设置 → 签名）');
    return setting.signature;
  };

  serve(app, calls.recipientsPreview, SMS, async (input, request) => {
    const message = await messageOf(request, input);
    const signature = await signatureOf(request.scope.chainId);
    const audience = await resolveAudience(app.db, request.scope, input.audience, message.category, giveWay);
    const texts = await personalise(audience.recipients, signature, message.body, message.category, giveWay);
    const sample = texts[0];
    const sampleText = sample?.text ?? composeSms({ signature, body: renderTemplate(message.body, SAMPLE_RECIPIENT), category: message.category });
    const counted = countSms(sampleText);
    const now = clock.now();
    const sendAt = isMarketing(message.category) && !clock.windowOff ? nextMarketingTime(now) : now;
    const showPhone = (await settingsOf(app.db, request.auth)).isShowPhone;
    return ok({
      matched: audience.matched,
      count: texts.length,
      optedOut: audience.optedOut,
      invalid: audience.invalid,
      sample: sample ? { customerName: sample.name, mobile: showPhone ? sample.mobile : maskMobile(sample.mobile), text: sample.text } : null,
      length: counted.length,
      segments: counted.segments,
      credits: texts.reduce((sum, text) => sum + text.segments, 0),
      balance: await balanceOf(app.db, request.scope.chainId, 'sms'),
      marketing: isMarketing(message.category),
      sendAt: sendAt.toISOString(),
      windowNote: windowNote(now, sendAt),
    });
  });

  serve(app, calls.createCampaign, SMS, async (input, request) => {
    if (provider.name === 'unconfigured') throw new ApiError(Code.unavailable, '短信通道尚未配置，请联系管理员设置短信中心（SMPP）');
    const storeId = request.scope.defaultStoreId();
    if (storeId === undefined) throw refuse.forbidden('请先切换到一家门店再发送');
    const template = await findTemplate(request, input.templateId);
    if (template.status !== 'approved') throw refuse.badInput(template.status === 'pending' ? '该模板待审核，审核通过后才能发送' : `该模板已被驳回${template.reviewNote ? `（${template.reviewNote}）` : ''}，请修改后重新提交审核`);
    const signature = await signatureOf(request.scope.chainId);
    const now = clock.now();
    const requested = input.sendAt ? new Date(input.sendAt) : now;
    if (requested.getTime() < now.getTime() - 60_000) throw refuse.badInput('定时发送时间不能早于现在');
    if (requested.getTime() > now.getTime() + 90 * 86_400_000) throw refuse.badInput('定时发送时间不能晚于 90 天后');
    const sendAt = isMarketing(template.category) && !clock.windowOff ? nextMarketingTime(requested) : requested;
    const audience = await resolveAudience(app.db, request.scope, input.audience, template.category, giveWay);
    if (audience.recipients.length === 0) {
      throw refuse.badInput(audience.optedOut > 0 ? `所选客户均已退订营销短信（${audience.optedOut} 人），没有可发送的号码` : '所选范围内没有可发送的手机号');
    }
    const recipients = await personalise(audience.recipients, signature, template.body, template.category, giveWay);
    const state = sendAt.getTime() <= now.getTime() ? 'running' : 'scheduled';
    const made = await makeCampaign(
      app.db,
      {
        chainId: request.scope.chainId,
        storeId,
        userId: request.auth.userId,
        name: input.name,
        template: { id: template.id, name: template.name, category: template.category, body: template.body },
        signature,
        recipients,
        sendAt,
        state,
        chunk: batchFor(provider.window),
      },
      giveWay,
      (tx, result) =>
        audit(tx, request, 'sms.campaign.create', result.id, `短信发送：${template.name}（${recipients.length} 人）`, { recipients: recipients.length, credits: result.credits, sendAt: sendAt.toISOString() }),
    );
    if (state === 'running') {
      try {
        await startRun(made.id, 1);
      } catch (error) {
        request.log.error({ err: error, campaignId: made.id }, 'sms job not queued');
        // Left 'scheduled' for now: the ticker starts it within seconds.
        await app.db.run(sql`UPDATE sms_campaign SET state = 'scheduled' WHERE id = ${made.id} AND state = 'running'`);
      }
    }
    const campaign = summaryAnswer(await findCampaign(request, made.id));
    return ok({ campaign, windowNote: windowNote(requested, sendAt) });
  });

  serve(app, calls.campaignList, SMS, async ({ page, pageSize }, request) => {
    const total = await app.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_campaign c WHERE ${inScope(request)}`);
    const rows = await summaries(app.db, inScope(request), pageSize, (page - 1) * pageSize);
    return ok({ total: total?.n ?? 0, list: rows.map(summaryAnswer) });
  });

  serve(app, calls.campaignDetail, SMS, async ({ id }, request) => {
    const row = await findCampaign(request, id);
    // The first recipient's text: its row, or (none expanded yet) the first stored chunk's.
    const sample = await app.db.one<{ text: string }>(sql`
      SELECT COALESCE((SELECT text FROM sms_recipient WHERE campaign_id = ${id} ORDER BY id LIMIT 1),
                      (SELECT texts[1] FROM sms_pending WHERE campaign_id = ${id} ORDER BY seq LIMIT 1)) AS text`);
    return ok({ ...summaryAnswer(row), body: row.body, signature: row.signature, sampleText: sample?.text ?? '' });
  });

  serve(app, calls.campaignRecipients, SMS, async ({ id, state, page, pageSize }, request) => {
    await findCampaign(request, id);
    const filter = state ? sql`AND state = ${state}` : sql``;
    type Row = { id: number; customerId: number | null; customerName: string; mobile: string; state: RecipientState; reason: string; segments: number; submittedAt: string | null; doneAt: string | null };
    // Rows first, then the recipients still in stored chunks (排队中; 发送中 once a batch took the
    // chunk, until its commit writes the rows; 已取消 after a cancel): a chunk's ids were taken when
    // the campaign was made, after those of every expanded row.
    const expanded = (await app.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_recipient WHERE campaign_id = ${id} ${filter}`))?.n ?? 0;
    const chunkState = sql`CASE WHEN cancelled THEN 'cancelled' WHEN taken_at IS NOT NULL THEN 'submitting' ELSE 'queued' END`;
    const chunks =
      state === undefined || state === 'queued' || state === 'submitting' || state === 'cancelled'
        ? await app.db.rows<{ seq: number; n: number; state: RecipientState }>(sql`
            SELECT seq, n, ${chunkState} AS state FROM sms_pending WHERE campaign_id = ${id} ${state ? sql`AND ${chunkState} = ${state}` : sql``} ORDER BY seq`)
        : [];
    const offset = (page - 1) * pageSize;
    const rows = await app.db.rows<Row>(sql`
      SELECT id, customer_id AS "customerId", customer_name AS "customerName", mobile, state, reason, segments, submitted_at AS "submittedAt", done_at AS "doneAt"
        FROM sms_recipient WHERE campaign_id = ${id} ${filter} ORDER BY id LIMIT ${pageSize} OFFSET ${offset}`);
    // The page's part that lies in chunks: only those chunks are read, and only the slices needed.
    let skip = Math.max(0, offset - expanded);
    for (const chunk of chunks) {
      if (rows.length >= pageSize) break;
      if (skip >= chunk.n) {
        skip -= chunk.n;
        continue;
      }
      const from = skip + 1;
      const to = Math.min(chunk.n, skip + pageSize - rows.length);
      skip = 0;
      rows.push(
        ...(await app.db.rows<Row>(sql`
          SELECT x.id, x.customer_id AS "customerId", x.name AS "customerName", x.mobile, ${chunk.state}::text AS state, '' AS reason, x.segments,
                 p.taken_at AS "submittedAt", NULL::timestamptz AS "doneAt"
            FROM sms_pending p, unnest(p.ids[${from}::int:${to}::int], p.customer_ids[${from}::int:${to}::int], p.names[${from}::int:${to}::int], p.mobiles[${from}::int:${to}::int], p.segments[${from}::int:${to}::int]) AS x(id, customer_id, name, mobile, segments)
           WHERE p.campaign_id = ${id} AND p.seq = ${chunk.seq}`)),
      );
    }
    const showPhone = (await settingsOf(app.db, request.auth)).isShowPhone;
    return ok({
      total: expanded + chunks.reduce((sum, chunk) => sum + chunk.n, 0),
      list: rows.map((row) => ({
        ...row,
        customerId: row.customerId ?? 0,
        mobile: showPhone ? row.mobile : maskMobile(row.mobile),
        stateName: RECIPIENT_STATE_LABELS[row.state],
        reason: reasonText(row.reason),
      })),
    });
  });

  serve(app, calls.pauseCampaign, SMS, async ({ id }, request) => {
    const row = await findCampaign(request, id);
    await app.db.transaction(async (tx) => {
      const changed = await tx.run(sql`UPDATE sms_campaign SET state = 'paused' WHERE id = ${id} AND state IN ('running', 'scheduled')`);
      if (changed === 0) throw refuse.conflict(`发送${CAMPAIGN_STATE_LABELS[row.state]}，无法暂停`);
      await audit(tx, request, 'sms.campaign.pause', id, `短信发送：${row.name}`);
    });
    return ok(summaryAnswer(await findCampaign(request, id)));
  });

  serve(app, calls.resumeCampaign, SMS, async ({ id }, request) => {
    const row = await findCampaign(request, id);
    const now = clock.now();
    const sendAt = isMarketing(row.category) && !clock.windowOff ? nextMarketingTime(now) : now;
    const resumed = await app.db.transaction(async (tx) => {
      // Still running here (paused, resumed before its batch ended): the same run carries on.
      const same = runnerActive(id);
      const next = await tx.one<{ run: number; state: string }>(sql`
        UPDATE sms_campaign SET state = ${sendAt > now ? 'scheduled' : 'running'}, send_at = ${sendAt.toISOString()}::timestamptz,
               run = CASE WHEN ${same}::boolean THEN run ELSE run + 1 END
         WHERE id = ${id} AND state = 'paused' RETURNING run, state`);
      if (!next) throw refuse.conflict(`发送${CAMPAIGN_STATE_LABELS[row.state]}，无需继续`);
      await audit(tx, request, 'sms.campaign.resume', id, `短信发送：${row.name}`);
      return { ...next, same };
    });
    if (resumed.state === 'running' && !resumed.same) await startRun(id, resumed.run);
    return ok(summaryAnswer(await findCampaign(request, id)));
  });
  const runnerActive = (id: number) => runner.active.has(id);

  serve(app, calls.cancelCampaign, SMS, async ({ id }, request) => {
    const row = await findCampaign(request, id);
    await app.db.transaction(async (tx) => {
      const changed = await tx.run(sql`UPDATE sms_campaign SET state = 'cancelled', finished_at = now() WHERE id = ${id} AND state IN ('running', 'scheduled', 'paused')`);
      if (changed === 0) throw refuse.conflict(`发送${CAMPAIGN_STATE_LABELS[row.state]}，无法取消`);
      // The running batch (if any) finishes what it submitted; what is still queued is cancelled and refunded.
      await cancelRemainder(tx, id, request.scope.chainId);
      await audit(tx, request, 'sms.campaign.cancel', id, `短信发送：${row.name}`);
    });
    return ok(summaryAnswer(await findCampaign(request, id)));
  });

  serve(app, calls.campaignReport, SMS, async ({ id }, request) => {
    const row = await findCampaign(request, id);
    const tz = app.config.timeZone;
    const counts = await app.db.one<{ optedOut: number; visited: number }>(sql`
      SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM sms_opt_out o WHERE o.chain_id = r.chain_id AND o.mobile = r.mobile AND o.created_at >= r.submitted_at))::int AS "optedOut",
             count(*) FILTER (WHERE EXISTS (SELECT 1 FROM maintenance_record m WHERE m.customer_id = r.customer_id
                                             AND m.maint_date >= (r.submitted_at AT TIME ZONE ${tz})::date
                                             AND m.maint_date <= (r.submitted_at AT TIME ZONE ${tz})::date + ${CONVERSION_DAYS}::int))::int AS visited
        FROM sms_recipient r WHERE r.campaign_id = ${id} AND r.submitted_at IS NOT NULL`);
    const reasons = await app.db.rows<{ reason: string; count: number }>(sql`
      SELECT reason, count(*)::int AS count FROM sms_recipient WHERE campaign_id = ${id} AND state IN ('failed', 'skipped') GROUP BY reason ORDER BY count DESC LIMIT 10`);
    const daily = await app.db.rows<{ day: string; submitted: number; delivered: number; failed: number; visited: number }>(sql`
      WITH sent AS (SELECT r.*, (r.submitted_at AT TIME ZONE ${tz})::date AS sent_day FROM sms_recipient r WHERE r.campaign_id = ${id} AND r.submitted_at IS NOT NULL),
           bounds AS (SELECT min(sent_day) AS first FROM sent),
           days AS (SELECT generate_series(b.first, LEAST(b.first + ${CONVERSION_DAYS}::int, (now() AT TIME ZONE ${tz})::date), interval '1 day')::date AS day FROM bounds b WHERE b.first IS NOT NULL)
      SELECT d.day::text AS day,
             (SELECT count(*) FROM sent s WHERE s.sent_day = d.day)::int AS submitted,
             (SELECT count(*) FROM sent s WHERE s.state = 'delivered' AND (s.done_at AT TIME ZONE ${tz})::date = d.day)::int AS delivered,
             (SELECT count(*) FROM sent s WHERE s.state = 'failed' AND (s.done_at AT TIME ZONE ${tz})::date = d.day)::int AS failed,
             (SELECT count(DISTINCT s.customer_id) FROM sent s JOIN maintenance_record m ON m.customer_id = s.customer_id
               WHERE m.maint_date = d.day AND m.maint_date >= s.sent_day AND m.maint_date <= s.sent_day + ${CONVERSION_DAYS}::int)::int AS visited
        FROM days d ORDER BY d.day`);
    return ok({
      total: row.total,
      submitted: row.submitted,
      delivered: row.delivered,
      failed: row.failed,
      optedOut: counts?.optedOut ?? 0,
      visited: counts?.visited ?? 0,
      conversionRate: row.delivered > 0 ? Math.round(((counts?.visited ?? 0) / row.delivered) * 1000) / 1000 : 0,
      failureReasons: reasons.map((reason) => ({ reason: reasonText(reason.reason), count: reason.count })),
      daily,
    });
  });

  // ─────────────────────────────────────────────────────────────────── opt-outs and consent
  const findCustomer = async (request: FastifyRequest, customerId: number) => {
    const customer = await app.db.one<{ id: number; name: string; mobile: string }>(sql`SELECT c.id, c.name, c.mobile FROM customer c WHERE ${request.scope.storeRows('c')} AND c.id = ${customerId}`);
    if (!customer) throw refuse.notFound('客户不存在或不在你的数据范围内');
    return customer;
  };

  const like = (keyword: string) => `%${keyword.replace(/[%_\\]/g, '')}%`;

  serve(app, calls.optOutList, SMS, async ({ keyword, source, page, pageSize }, request) => {
    const chainId = request.scope.chainId;
    const match = keyword ? sql`AND (o.mobile LIKE ${like(keyword)} OR c.name LIKE ${like(keyword)})` : sql``;
    const bySource = source ? sql`AND o.source = ${source}` : sql``;
    // A number is seen by staff of a store that has it as a customer, by whoever recorded it, and by
    // chain-wide users (admins); the name shown is a customer of the caller's own stores.
    const wide = request.auth.isAdmin || request.auth.dataScope === 1;
    const from = sql`sms_opt_out o
      LEFT JOIN LATERAL (SELECT c.name FROM customer c WHERE ${request.scope.storeRows('c')} AND c.mobile = o.mobile ORDER BY c.id LIMIT 1) c ON TRUE
      LEFT JOIN app_user u ON u.id = o.created_by
      WHERE o.chain_id = ${chainId} AND (c.name IS NOT NULL OR o.created_by = ${request.auth.userId} OR ${wide}::boolean) ${match} ${bySource}`;
    const total = await app.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from}`);
    const rows = await app.db.rows<{ id: number; mobile: string; customerName: string | null; source: 'reply' | 'staff'; note: string; createdBy: string | null; createdAt: string }>(sql`
      SELECT o.id, o.mobile, c.name AS "customerName", o.source, o.note, COALESCE(NULLIF(u.nick_name, ''), u.username) AS "createdBy", o.created_at AS "createdAt"
        FROM ${from} ORDER BY o.created_at DESC, o.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
    const showPhone = (await settingsOf(app.db, request.auth)).isShowPhone;
    return ok({
      total: total?.n ?? 0,
      list: rows.map((row) => ({
        ...row,
        mobile: showPhone ? row.mobile : maskMobile(row.mobile),
        customerName: row.customerName ?? '',
        createdBy: row.createdBy ?? '',
        sourceName: OPT_OUT_SOURCE_LABELS[row.source],
      })),
      canUndo: mayUndoOptOut(request.auth.roles.map((role) => role.code)),
    });
  });

  serve(app, calls.markOptOut, SMS, async ({ customerId, mobile, note }, request) => {
    // By customer (scope-checked) or by a number the customer gave on the phone or at the counter.
    const customer = customerId !== undefined ? await findCustomer(request, customerId) : null;
    const number = customer?.mobile ?? mobile!;
    if (!/^1[3-9]\d{9}$/.test(number)) throw refuse.badInput('该客户没有有效的手机号，无法登记退订');
    const added = await app.db.transaction(async (tx) => {
      const row = await tx.one<{ id: number }>(sql`
        INSERT INTO sms_opt_out (chain_id, mobile, source, note, created_by) VALUES (${request.scope.chainId}, ${number}, 'staff', ${note}, ${request.auth.userId})
        ON CONFLICT (chain_id, mobile) DO NOTHING RETURNING id`);
      if (row) await audit(tx, request, 'sms.optout.mark', customer?.id ?? null, `退订营销短信：${customer?.name || maskMobile(number)}`, { note, mobile: maskMobile(number) });
      return row !== null && row !== undefined;
    });
    if (!added) throw refuse.conflict('该号码已在退订名单中');
    return ok({ optedOut: true });
  });

  serve(app, calls.unmarkOptOut, SMS, async ({ id, customerId, consentSource, note }, request) => {
    if (!mayUndoOptOut(request.auth.roles.map((role) => role.code))) throw refuse.forbidden('只有店长或管理员可以取消退订');
    const customer = customerId !== undefined ? await findCustomer(request, customerId) : null;
    const chainId = request.scope.chainId;
    const optOut = await app.db.one<{ id: number; mobile: string; source: string; note: string }>(
      id !== undefined
        ? sql`SELECT id, mobile, source, note FROM sms_opt_out WHERE chain_id = ${chainId} AND id = ${id}`
        : sql`SELECT id, mobile, source, note FROM sms_opt_out WHERE chain_id = ${chainId} AND mobile = ${customer!.mobile}`,
    );
    if (!optOut) {
      if (customer) return ok({ optedOut: false });
      throw refuse.notFound('退订记录不存在或已被他人取消');
    }
    // The customers of the caller's stores with that number get the consent source recorded.
    const owners = customer ? [customer] : await app.db.rows<{ id: number; name: string }>(sql`SELECT c.id, c.name FROM customer c WHERE ${request.scope.storeRows('c')} AND c.mobile = ${optOut.mobile}`);
    const wide = request.auth.isAdmin || request.auth.dataScope === 1;
    if (!customer && owners.length === 0 && !wide) throw refuse.notFound('退订记录不存在或不在你的数据范围内');
    await app.db.transaction(async (tx) => {
      const removed = await tx.run(sql`DELETE FROM sms_opt_out WHERE chain_id = ${chainId} AND id = ${optOut.id}`);
      if (removed === 0) throw refuse.conflict('该号码已被他人取消退订');
      for (const owner of owners) await saveConsent(tx, request, owner.id, consentSource);
      await audit(tx, request, 'sms.optout.unmark', owners[0]?.id ?? null, `恢复接收营销短信：${owners[0]?.name || maskMobile(optOut.mobile)}`, {
        consentSource,
        note,
        mobile: maskMobile(optOut.mobile),
        was: { source: optOut.source, note: optOut.note },
      });
    });
    return ok({ optedOut: false });
  });

  const saveConsent = (tx: Queryable, request: FastifyRequest, customerId: number, source: ConsentSource) =>
    tx.run(sql`
      INSERT INTO sms_consent (customer_id, chain_id, source, recorded_by) VALUES (${customerId}, ${request.scope.chainId}, ${source}, ${request.auth.userId})
      ON CONFLICT (customer_id) DO UPDATE SET source = EXCLUDED.source, recorded_by = EXCLUDED.recorded_by, recorded_at = now()`);

  const consentAnswer = async (request: FastifyRequest, customer: { id: number; mobile: string }) => {
    const chainId = request.scope.chainId;
    const consent = await app.db.one<{ source: ConsentSource; recordedAt: string }>(sql`SELECT source, recorded_at AS "recordedAt" FROM sms_consent WHERE customer_id = ${customer.id}`);
    const optedOut = await app.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_opt_out WHERE chain_id = ${chainId} AND mobile = ${customer.mobile}`);
    const now = clock.now();
    const local = now.getTime() + 8 * 3600_000;
    const dayStart = new Date(Math.floor(local / 86_400_000) * 86_400_000 - 8 * 3600_000).toISOString();
    const today = await app.db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM sms_recipient r JOIN sms_campaign c ON c.id = r.campaign_id
       WHERE r.chain_id = ${chainId} AND r.mobile = ${customer.mobile} AND r.submitted_at >= ${dayStart}::timestamptz AND c.category <> 'notice'`);
    const source = consent?.source ?? 'unknown';
    return {
      customerId: customer.id,
      optedOut: (optedOut?.n ?? 0) > 0,
      consentSource: source,
      consentSourceName: CONSENT_SOURCE_LABELS[source],
      consentAt: consent?.recordedAt ?? null,
      marketingToday: today?.n ?? 0,
      dailyLimit: (await settingOf(app.db, chainId))?.dailyMarketingLimit ?? DAILY_MARKETING_LIMIT.default,
    };
  };

  serve(app, calls.smsConsents, SMS, async ({ keyword, consentSource, page, pageSize }, request) => {
    const chainId = request.scope.chainId;
    const match = keyword ? sql`AND (c.mobile LIKE ${like(keyword)} OR c.name LIKE ${like(keyword)})` : sql``;
    const bySource = consentSource ? (consentSource === 'unknown' ? sql`AND (s.source IS NULL OR s.source = 'unknown')` : sql`AND s.source = ${consentSource}`) : sql``;
    const from = sql`customer c JOIN garage g ON g.id = c.store_id LEFT JOIN sms_consent s ON s.customer_id = c.id LEFT JOIN app_user u ON u.id = s.recorded_by WHERE ${request.scope.storeRows('c')} AND c.mobile <> '' ${match} ${bySource}`;
    const total = await app.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from}`);
    const rows = await app.db.rows<{ customerId: number; customerName: string; mobile: string; storeName: string; source: ConsentSource | null; consentAt: string | null; recordedBy: string | null; optedOut: boolean }>(sql`
      SELECT c.id AS "customerId", c.name AS "customerName", c.mobile, g.name AS "storeName", s.source, s.recorded_at AS "consentAt",
             COALESCE(NULLIF(u.nick_name, ''), u.username) AS "recordedBy",
             EXISTS (SELECT 1 FROM sms_opt_out o WHERE o.chain_id = ${chainId} AND o.mobile = c.mobile) AS "optedOut"
        FROM ${from}
        ORDER BY s.recorded_at DESC NULLS LAST, c.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
    const showPhone = (await settingsOf(app.db, request.auth)).isShowPhone;
    return ok({
      total: total?.n ?? 0,
      list: rows.map(({ source, ...row }) => ({
        ...row,
        mobile: showPhone ? row.mobile : maskMobile(row.mobile),
        consentSource: source ?? 'unknown',
        consentSourceName: CONSENT_SOURCE_LABELS[source ?? 'unknown'],
        recordedBy: row.recordedBy ?? '',
      })),
    });
  });

  serve(app, calls.smsConsent, SMS, async ({ customerId }, request) => ok(await consentAnswer(request, await findCustomer(request, customerId))));

  serve(app, calls.saveSmsConsent, SMS, async ({ customerId, consentSource }, request) => {
    const customer = await findCustomer(request, customerId);
    await app.db.transaction(async (tx) => {
      await saveConsent(tx, request, customerId, consentSource);
      await audit(tx, request, 'sms.consent', customerId, `营销短信同意来源：${customer.name}`, { consentSource });
    });
    return ok(await consentAnswer(request, customer));
  });
}
