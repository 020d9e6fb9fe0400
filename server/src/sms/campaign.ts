/**
 * SMS campaigns (issue 15): who receives, making a campaign (texts personalised and stored in steps
 * that let other requests in, then the campaign and its credits in one transaction), the durable
 * 'sms-campaign' job that submits them, and the SMSC's receipts and replies.
 *
 * Delivery semantics: AT MOST ONCE. A batch is taken for sending (its stored chunk marked taken,
 * committed before the SMSC sees anything; listed 发送中) and recorded once the SMSC has answered:
 * each recipient's row is then written once, in its final state, with the SMSC's message ids. A
 * process killed between the SMSC's answer and that commit leaves the chunk taken: the next run
 * writes its recipients as failed 「发送中断，未确认是否送出（为避免重复，不再重发）」 and refunds
 * them, never submits them again. A duplicate marketing text annoys a customer and counts against
 * the daily limit; a lost one costs two claims (2 × claimFor(…) rows) at most, and only on a crash.
 * Texts the SMSC certainly did not get (no connection: SmsNotSent) go back to `queued` rows and
 * are tried again (such rows, and those of campaigns made before chunks, move queued → submitting
 * → submitted as rows).
 *
 * Credits (ledger 'sms', ref sms:campaign:<id>): segments × recipients reserved when the campaign
 * is made (refused when short, nothing made); kept for each submission; refunded for skipped
 * (opted out, daily limit), rejected or uncertain submissions and for the remainder of a cancelled
 * campaign. Undelivered receipts are not refunded: carriers bill a submitted part.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { newIds, sql, type Database, type Queryable, type SQL } from '../db/database';
import { JobStopped, type JobContext } from '../jobs/queue';
import { SmsNotSent, SmsRejected, type SmsEvent, type SmsProvider } from '../providers/sms';
import { balanceOf, refund, reserve, InsufficientBalance } from '../repositories/ledger';
import { matchingCustomers } from '../repositories/customer';
import { customerNextMaintenance } from '../repositories/next-maintenance';
import type { TenantScope } from '../repositories/scope';
import { upgradeCondition, type CustomerCondition } from '../../../contracts/customer-condition';
import { isMobile } from '../../../contracts/rules/mobile';
import {
  composeSms,
  countSms,
  DAILY_MARKETING_LIMIT,
  isMarketing,
  isOptOutReply,
  nextMarketingTime,
  RECEIPT_STAT_LABELS,
  renderTemplate,
  SMS_CATEGORY_LABELS,
  smsLengthProblem,
  type SmsCategory,
  type SmsRecipientValues,
} from '../../../contracts/sms';
import type { SmsAudience } from '../../../contracts/api/sms';
import { refuse } from '../http/envelope';
import { noRequests, type GiveWay } from '../http/requests-first';

export const SMS_JOB = 'sms-campaign';
/** Campaigns one process sends at once; each waits for its own batches, all share the provider's window. */
export const SMS_CAMPAIGNS_AT_ONCE = 4;
/**
 * Recipients per stored chunk and per commit: eight windows of the provider (400 at SMPP_WINDOW=50,
 * ~20 ms of sending at the local SMSC's pace), between 20 and BATCH. Each commit is one transaction
 * that (on PGlite) holds this thread, ~10 ms at 400, so a page waits at most that long behind one.
 */
export const BATCH = 400;
/**
 * Chunks a claim takes and sends together, by database. On PGlite every claim is work on this one
 * thread with a fixed cost (a wait for the pages, a transaction, a statement planned) while the SMSC
 * waits: two chunks (800 texts) a claim made a 100,000-text campaign ~18 % faster. On PostgreSQL
 * the same made it ~10 % faster, where it already met its goal, and cost the list its margin; one.
 * The commits stay one per chunk. A crash leaves at most two claims uncertain (the one being sent
 * and the one answered but not yet recorded). tests/bench/RESULTS.md, SMS campaign; DECISIONS.
 */
export const CHUNKS_PER_CLAIM = { pglite: 2, postgres: 1 } as const satisfies Record<Database['kind'], number>;
export const batchFor = (window: number) => Math.min(BATCH, Math.max(20, window * 8));
/** Texts a claim sends at most. */
export const claimFor = (kind: Database['kind'], window: number) => CHUNKS_PER_CLAIM[kind] * batchFor(window);
export const UNCERTAIN_REASON = '发送中断，未确认是否送出（为避免重复，不再重发）';
export const OPTED_OUT_REASON = '已退订营销短信';
export const ledgerRef = (campaignId: number) => `sms:campaign:${campaignId}`;
/** The job id of one run of a campaign (a resumed campaign is a new run, so a new job). */
export const jobKey = (campaignId: number, run: number) => campaignId * 100_000 + run;

/** The time the window rules see; tests outside 08:00–21:00 run with SMS_MARKETING_WINDOW=off (never in production). */
export interface SmsClock {
  now(): Date;
  windowOff: boolean;
}

export interface Recipient {
  customerId: number;
  name: string;
  mobile: string;
  values: SmsRecipientValues;
}

export interface Audience {
  matched: number;
  recipients: Recipient[];
  optedOut: number;
  invalid: number;
}

/** The audience as `customer c WHERE …`, in the caller's stores. */
async function audienceSql(db: Queryable, scope: TenantScope, audience: SmsAudience): Promise<SQL> {
  if (audience.kind === 'customers') return sql`customer c WHERE ${scope.storeRows('c')} AND c.id = ANY(${sql.param(audience.customerIds.map(Number))}::int[])`;
  let condition: CustomerCondition;
  if (audience.kind === 'group') {
    const group = await db.one<{ id: number }>(sql`SELECT id FROM customer_group g WHERE ${scope.chainRows('g')} AND g.id = ${Number(audience.groupId)}`);
    if (!group) throw refuse.notFound('客户分组不存在或已被删除');
    condition = upgradeCondition({ groupIds: [group.id] });
  } else {
    const saved = await db.one<{ condition: unknown }>(sql`
      SELECT condition FROM saved_condition s WHERE ${scope.chainRows('s')} AND s.user_id = ${scope.auth.userId} AND s.id = ${Number(audience.conditionId)}`);
    if (!saved) throw refuse.notFound('保存的筛选条件不存在或已被删除');
    condition = upgradeCondition(saved.condition);
  }
  return (await matchingCustomers(db, scope, condition)).rows;
}

/**
 * Customers read per query while an audience is resolved, and texts personalised per turn of the
 * event loop: each step holds this thread (and on PGlite the database) ~10–15 ms, about what one
 * batch of a sending campaign does, so a page waits at most that long behind one.
 */
const AUDIENCE_PAGE = 2_500;
const PERSONALISE_SLICE = 2_000;

/**
 * The customers an audience reaches: deduplicated by number, invalid numbers and (marketing)
 * opt-outs removed. Read in pages of customers by id with `giveWay` between them: 100,000 in one
 * query held PGlite (and every page of every user) ~0.5 s, and their parsing held this thread.
 */
export async function resolveAudience(db: Queryable, scope: TenantScope, audience: SmsAudience, category: SmsCategory, giveWay: () => Promise<void>): Promise<Audience> {
  const audienceRows = await audienceSql(db, scope, audience);
  // The vehicle the text is about: for insurance the one expiring first, else the customer's next
  // maintenance (repositories/next-maintenance.ts), whose day is {保养到期日} whatever the category.
  const plate = category === 'insurance' ? sql`i.plate` : sql`COALESCE(m.plate, i.plate)`;
  const stores = new Map<number, { name: string; phone: string }>();
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  let matched = 0;
  let invalid = 0;
  let removed = 0;
  for (let after = 0; ; ) {
    if (after > 0) await giveWay();
    // A page as one row of arrays, not a row per customer: rows are parsed one by one in JavaScript
    // (PGlite ~1 s for 100,000), arrays ~5 times faster. The arrays are aligned (one pass); the
    // order is fixed below, not left to the aggregate.
    const page = await db.one<{ ids: number[] | null; names: string[]; genders: ('M' | 'F' | null)[]; mobiles: string[]; stores: number[]; plates: (string | null)[]; maintenance: (string | null)[]; insurance: (string | null)[] }>(sql`
      SELECT array_agg(c.id) AS ids, array_agg(c.name) AS names, array_agg(c.gender) AS genders, array_agg(c.mobile) AS mobiles, array_agg(c.store_id) AS stores,
             array_agg(${plate}) AS plates, array_agg(m.date::text) AS maintenance, array_agg(i.insurance_expiry::text) AS insurance
        FROM (SELECT c.id, c.chain_id, c.name, c.gender, c.mobile, c.store_id FROM ${audienceRows} AND c.id > ${after} ORDER BY c.id LIMIT ${AUDIENCE_PAGE}) c
        LEFT JOIN LATERAL ${customerNextMaintenance('c', scope.today())} m ON TRUE
        LEFT JOIN LATERAL (SELECT plate, insurance_expiry FROM vehicle v WHERE v.customer_id = c.id ORDER BY v.insurance_expiry IS NULL, v.insurance_expiry, v.id LIMIT 1) i ON TRUE`);
    const ids = page?.ids ?? [];
    if (ids.length === 0) break;
    const c = page!;
    matched += ids.length;
    const newStores = [...new Set(c.stores)].filter((id) => !stores.has(id));
    if (newStores.length > 0) {
      for (const store of await db.rows<{ id: number; name: string; phone: string }>(sql`SELECT id, name, phone FROM garage WHERE id = ANY(${sql.param(newStores)}::int[])`)) {
        stores.set(store.id, store);
      }
    }
    const optedOut = isMarketing(category)
      ? new Set(
          (await db.rows<{ mobile: string }>(sql`SELECT mobile FROM sms_opt_out WHERE chain_id = ${scope.chainId} AND mobile = ANY(${sql.param(c.mobiles)}::text[])`)).map((row) => row.mobile),
        )
      : new Set<string>();
    // In customer order: of two customers with one number, the first keeps it.
    const byId = ids.map((_, at) => at).sort((x, y) => ids[x]! - ids[y]!);
    for (const index of byId) {
      const mobile = c.mobiles[index]!.trim();
      if (!isMobile(mobile) || seen.has(mobile)) {
        invalid += 1;
        continue;
      }
      seen.add(mobile);
      if (optedOut.has(mobile)) {
        removed += 1;
        continue;
      }
      const store = stores.get(c.stores[index]!);
      recipients.push({
        customerId: ids[index]!,
        name: c.names[index]!,
        mobile,
        values: {
          name: c.names[index]!,
          gender: c.genders[index] ?? null,
          plate: c.plates[index] ?? '',
          storeName: store?.name ?? '',
          maintenanceDue: c.maintenance[index] ?? '',
          insuranceDue: c.insurance[index] ?? '',
          storePhone: store?.phone ?? '',
        },
      });
    }
    if (ids.length < AUDIENCE_PAGE) break;
    after = ids[byId.at(-1)!]!;
  }
  return { matched, recipients, optedOut: removed, invalid };
}

export interface SmsSettingRow {
  signature: string;
  dailyMarketingLimit: number;
}

export async function settingOf(db: Queryable, chainId: number): Promise<SmsSettingRow | undefined> {
  return db.one<SmsSettingRow>(sql`SELECT signature, daily_marketing_limit AS "dailyMarketingLimit" FROM sms_setting WHERE chain_id = ${chainId}`);
}

export type Personalised = Recipient & { text: string; segments: number };

/** Each recipient's text as delivered, and its segments (in slices, with `giveWay` between them). */
export async function personalise(recipients: Recipient[], signature: string, body: string, category: SmsCategory, giveWay: () => Promise<void>): Promise<Personalised[]> {
  const texts: Personalised[] = [];
  for (let start = 0; start < recipients.length; start += PERSONALISE_SLICE) {
    if (start > 0) await giveWay();
    for (const recipient of recipients.slice(start, start + PERSONALISE_SLICE)) {
      const text = composeSms({ signature, body: renderTemplate(body, recipient.values), category });
      texts.push({ ...recipient, text, segments: countSms(text).segments });
    }
  }
  return texts;
}

/** 「当前不在营销短信发送时段（08:00–21:00），将于 11月24日 08:00 发送」 */
export function windowNote(requested: Date, sendAt: Date): string {
  if (sendAt.getTime() === requested.getTime()) return '';
  const local = new Date(sendAt.getTime() + 8 * 3600_000);
  const when = `${local.getUTCMonth() + 1}月${local.getUTCDate()}日 ${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
  return `营销短信只在 08:00–21:00 发送，所选时间不在此时段，将于 ${when} 开始发送`;
}

export interface NewCampaign {
  chainId: number;
  storeId: number;
  userId: number;
  name: string;
  template: { id: number; name: string; category: SmsCategory; body: string };
  signature: string;
  recipients: Personalised[];
  sendAt: Date;
  state: 'running' | 'scheduled';
  /** Recipients per stored chunk: the job's batch (batchFor(provider.window)). */
  chunk?: number;
}

/** Chunks stored per transaction while a campaign is made (1,200 recipients at 400: ~10 ms on PGlite). */
const CHUNKS_PER_STORE = 3;

/**
 * Makes a campaign: its recipients stored as chunks (sms_pending), then, in one transaction, the
 * campaign row and its credits reserved (and `alsoInside`, e.g. the audit entry). Refused when a
 * text is too long or the credits are short, with nothing made.
 *
 * The chunks are stored first, in short transactions under the id the campaign will have, with
 * `giveWay` between them (the other staff's requests go first): 100,000 recipients in the one
 * transaction held PGlite, and so every page of every user, for about a second. Until the campaign
 * row exists nothing sees them (every read of chunks starts from a campaign found first); when
 * the last step fails they are deleted here, and those of a process killed meanwhile by
 * dropOrphanChunks.
 */
export async function makeCampaign(
  db: Database,
  campaign: NewCampaign,
  giveWay: () => Promise<void>,
  alsoInside: (tx: Queryable, made: { id: number; credits: number }) => Promise<void>,
): Promise<{ id: number; credits: number }> {
  const tooLong = campaign.recipients.find((recipient) => smsLengthProblem(recipient.text));
  if (tooLong) throw refuse.badInput(`${smsLengthProblem(tooLong.text)}（收信人 ${tooLong.name}）`);
  const credits = campaign.recipients.reduce((sum, recipient) => sum + recipient.segments, 0);
  const short = (balance: number) => refuse.badInput(`${new InsufficientBalance('sms', balance, credits).message}，请先购买短信包`);
  // Checked again when reserved (another campaign may take them meanwhile); this one spares storing 100,000 texts for nothing.
  const balance = await balanceOf(db, campaign.chainId, 'sms');
  if (balance < credits) throw short(balance);

  const id = (await db.one<{ id: number }>(newIds('sms_campaign', 1)))!.id;
  try {
    // A chunk is one claim of the job: a few hundred rows instead of one per recipient. Recipient
    // ids come from sms_recipient's sequence now, in audience order.
    const size = Math.max(1, campaign.chunk ?? BATCH);
    const chunks: Personalised[][] = [];
    for (let start = 0; start < campaign.recipients.length; start += size) chunks.push(campaign.recipients.slice(start, start + size));
    for (let first = 0; first < chunks.length; first += CHUNKS_PER_STORE) {
      await giveWay();
      await db.transaction(async (tx) => {
        for (let seq = first; seq < Math.min(first + CHUNKS_PER_STORE, chunks.length); seq += 1) {
          const chunk = chunks[seq]!;
          await tx.run(sql`
            INSERT INTO sms_pending (campaign_id, seq, n, segments_total, ids, customer_ids, names, mobiles, texts, segments)
            VALUES (${id}, ${seq}, ${chunk.length}, ${chunk.reduce((sum, r) => sum + r.segments, 0)},
                    ARRAY(${newIds('sms_recipient', chunk.length)}),
                    ${sql.param(chunk.map((r) => r.customerId))}::int[], ${sql.param(chunk.map((r) => r.name))}::text[],
                    ${sql.param(chunk.map((r) => r.mobile))}::text[], ${sql.param(chunk.map((r) => r.text))}::text[], ${sql.param(chunk.map((r) => r.segments))}::int[])`);
        }
      });
    }
    const name = campaign.name || `${SMS_CATEGORY_LABELS[campaign.template.category]}·${campaign.template.name}`;
    await giveWay();
    return await db.transaction(async (tx) => {
      await tx.run(sql`
        INSERT INTO sms_campaign (id, chain_id, store_id, name, template_id, template_name, category, signature, body, state, send_at, started_at, total, credits_reserved, created_by)
        VALUES (${id}, ${campaign.chainId}, ${campaign.storeId}, ${name}, ${campaign.template.id}, ${campaign.template.name}, ${campaign.template.category}, ${campaign.signature},
                ${campaign.template.body}, ${campaign.state}, ${campaign.sendAt.toISOString()}::timestamptz, ${campaign.state === 'running' ? sql`now()` : null},
                ${campaign.recipients.length}, ${credits}, ${campaign.userId})`);
      try {
        await reserve(tx, campaign.chainId, 'sms', credits, ledgerRef(id));
      } catch (error) {
        if (error instanceof InsufficientBalance) throw short(error.balance);
        throw error;
      }
      await alsoInside(tx, { id, credits });
      return { id, credits };
    });
  } catch (error) {
    await db.run(sql`DELETE FROM sms_pending WHERE campaign_id = ${id}`).catch(() => undefined); // else dropOrphanChunks, later
    throw error;
  }
}

/** How old chunks without their campaign must be before they are dropped: no campaign takes this long to make. */
export const ORPHAN_CHUNK_AGE = '1 hour';

/** Drops the stored chunks of campaigns never made (the process was killed while making them); answers how many. */
export async function dropOrphanChunks(db: Queryable): Promise<number> {
  return db.run(sql`
    DELETE FROM sms_pending p
     WHERE p.stored_at < now() - ${ORPHAN_CHUNK_AGE}::interval AND NOT EXISTS (SELECT 1 FROM sms_campaign c WHERE c.id = p.campaign_id)`);
}

// ─────────────────────────────────────────────────────────────────────────────── the job

interface CampaignState {
  state: string;
  run: number;
  category: SmsCategory;
  chain_id: number;
}

/** A stored chunk of recipients (sms_pending), as a claim takes it. */
interface StoredChunk {
  seq: number;
  ids: number[];
  mobiles: string[];
  texts: string[];
  segments: number[];
}

/** What a claim sends and commits together: one taken chunk, or rows back in the queue. */
interface ClaimedUnit {
  send: { id: number; mobile: string; text: string; segments: number }[];
  chunk?: TakenChunk;
}

/** A claimed chunk: its rows are written by the batch's commit (sms_pending.taken_at, migration 575). */
interface TakenChunk {
  seq: number;
  /** Recipients not sent, and why (opted out, daily limit), and their segments (refunded by the commit). */
  skipped: Map<number, string>;
  skippedSegments: number;
}

/** Start of today (Asia/Shanghai) as an instant: the daily limit's day. */
function startOfShanghaiDay(now: Date): string {
  const local = now.getTime() + 8 * 3600_000;
  return new Date(Math.floor(local / 86_400_000) * 86_400_000 - 8 * 3600_000).toISOString();
}

async function refundRows(tx: Queryable, chainId: number, campaignId: number, segments: number): Promise<void> {
  if (segments <= 0) return;
  const { changed } = await refund(tx, chainId, 'sms', ledgerRef(campaignId), segments, `${ledgerRef(campaignId)}#${randomUUID()}`);
  await tx.run(sql`UPDATE sms_campaign SET credits_refunded = credits_refunded + ${changed} WHERE id = ${campaignId}`);
}

type Receipt = { messageId: string; stat: string; err: string };

/**
 * Gives parts their receipts (driven by the receipts, each part found by its primary key, so the
 * cost does not grow with the campaign); answers the receipts whose part is not committed yet.
 */
/** Receipts as rows (message id, stat, err) for a FROM. */
const receiptRows = (receipts: Receipt[]) =>
  sql`unnest(${sql.param(receipts.map((r) => r.messageId))}::text[], ${sql.param(receipts.map((r) => r.stat))}::text[], ${sql.param(receipts.map((r) => r.err))}::text[])`;

async function applyReceipts(tx: Queryable, receipts: Receipt[]): Promise<{ recipients: number[]; unmatched: Receipt[] }> {
  if (receipts.length === 0) return { recipients: [], unmatched: [] };
  // A text of one part (most) is settled by its receipt at once: the recipient's row gets its final
  // state and the part's row is left as it is (one write per receipt instead of two). The reason is
  // the one settleRecipients would write.
  const single = await tx.rows<{ message_id: string }>(sql`
    UPDATE sms_recipient r SET state = CASE WHEN x.stat = 'DELIVRD' THEN 'delivered' ELSE 'failed' END,
           reason = CASE WHEN x.stat = 'DELIVRD' THEN '' ELSE 'receipt:' || x.stat || ':' || COALESCE(x.err, '') END, done_at = now()
      FROM sms_part p, ${receiptRows(receipts)} AS x(id, stat, err)
     WHERE p.message_id = x.id AND r.id = p.recipient_id AND r.message_ids = p.message_id AND r.state = 'submitted'
    RETURNING p.message_id`);
  const settled = new Set(single.map((row) => row.message_id));
  const rest = receipts.filter((receipt) => !settled.has(receipt.messageId));
  const found = rest.length === 0 ? [] : await tx.rows<{ message_id: string; recipient_id: number }>(sql`
    UPDATE sms_part p SET stat = x.stat, err = x.err
      FROM ${receiptRows(rest)} AS x(id, stat, err)
     WHERE p.message_id = x.id RETURNING p.message_id, p.recipient_id`);
  const matched = new Set(found.map((row) => row.message_id));
  return { recipients: [...new Set(found.map((row) => row.recipient_id))], unmatched: rest.filter((receipt) => !matched.has(receipt.messageId)) };
}

/** Matches receipts that arrived before their parts were committed, and settles the recipients whose parts are all in. */
export async function settleReceipts(tx: Queryable, recipientIds: number[] = []): Promise<void> {
  const early = await tx.rows<Receipt>(sql`SELECT message_id AS "messageId", stat, err FROM sms_early_receipt LIMIT 5000`);
  const applied = await applyReceipts(tx, early);
  const gone = early.filter((receipt) => !applied.unmatched.includes(receipt));
  if (gone.length > 0) await tx.run(sql`DELETE FROM sms_early_receipt WHERE message_id = ANY(${sql.param(gone.map((r) => r.messageId))}::text[])`);
  await settleRecipients(tx, [...recipientIds, ...applied.recipients]);
}

/** Recipients whose parts all have receipts → 已送达, or 失败 with the first failing part's stat. */
async function settleRecipients(tx: Queryable, recipientIds: number[]): Promise<void> {
  const ids = [...new Set(recipientIds)];
  if (ids.length === 0) return;
  await tx.run(sql`
    UPDATE sms_recipient r SET
      state = CASE WHEN x.bad > 0 THEN 'failed' ELSE 'delivered' END,
      reason = CASE WHEN x.bad > 0 THEN 'receipt:' || x.why ELSE '' END,
      done_at = now()
      FROM (SELECT recipient_id, count(*) AS parts, count(*) FILTER (WHERE stat = 'DELIVRD') AS good,
                   count(*) FILTER (WHERE stat IS NOT NULL AND stat <> 'DELIVRD') AS bad,
                   max(stat || ':' || COALESCE(err, '')) FILTER (WHERE stat <> 'DELIVRD') AS why
              FROM sms_part WHERE recipient_id = ANY(${sql.param(ids)}::int[]) GROUP BY recipient_id) x
     WHERE r.id = x.recipient_id AND r.state = 'submitted' AND (x.bad > 0 OR x.good = x.parts)`);
}

/** A stored reason → what staff read: 'receipt:UNDELIV:001' → 「无法送达（…）」. */
export function reasonText(reason: string): string {
  const receipt = /^receipt:(\w+):(\w*)$/.exec(reason);
  if (!receipt) return reason;
  const label = RECEIPT_STAT_LABELS[receipt[1]!] ?? `运营商回执 ${receipt[1]}`;
  return receipt[2] && receipt[2] !== '000' ? `${label}（错误码 ${receipt[2]}）` : label;
}

/** The daily limit's reason as SQL's format() writes it (%s: the limit). */
const DAILY_LIMIT_REASON = '该号码今日已收到 %s 条营销短信（每日上限）';

/**
 * Marketing rows not to send now: the number opted out, or it reached its daily limit (counting the
 * texts submitted today, the chunks taken but not yet written, whose texts are with the SMSC, and the
 * earlier rows of this batch). One statement, so one snapshot: on PostgreSQL a batch committed by
 * another campaign meanwhile is counted once, either as its taken chunk or as its rows. `claim`: the
 * chunks these rows come from (already marked taken), not counted as texts with the SMSC.
 */
async function skipReasons(tx: Queryable, chainId: number, rows: { id: number; mobile: string }[], now: Date, claim: { campaignId: number; seqs: number[] }): Promise<Map<number, string>> {
  const today = startOfShanghaiDay(now);
  const skipped = await tx.rows<{ ord: number; reason: string }>(sql`
    WITH m AS (SELECT mobile, ord FROM unnest(${sql.param(rows.map((row) => row.mobile))}::text[]) WITH ORDINALITY AS m(mobile, ord)),
    lim AS (SELECT COALESCE((SELECT daily_marketing_limit FROM sms_setting WHERE chain_id = ${chainId}), ${DAILY_MARKETING_LIMIT.default}) AS n),
    sent AS (SELECT r.mobile, count(*)::int AS n FROM sms_recipient r JOIN sms_campaign c ON c.id = r.campaign_id
              WHERE r.chain_id = ${chainId} AND r.mobile IN (SELECT mobile FROM m) AND r.submitted_at >= ${today}::timestamptz AND c.category <> 'notice'
              GROUP BY r.mobile),
    taken AS (SELECT x.mobile, count(*)::int AS n
                FROM sms_pending p JOIN sms_campaign c ON c.id = p.campaign_id CROSS JOIN LATERAL unnest(p.mobiles, p.reasons) AS x(mobile, reason)
               WHERE p.taken_at >= ${today}::timestamptz AND c.chain_id = ${chainId} AND c.category <> 'notice'
                 AND x.reason IS NULL AND x.mobile IN (SELECT mobile FROM m)
                 AND NOT (p.campaign_id = ${claim.campaignId} AND p.seq = ANY(${sql.param(claim.seqs)}::int[]))
               GROUP BY x.mobile),
    ranked AS (SELECT m.ord, m.mobile, EXISTS (SELECT 1 FROM sms_opt_out o WHERE o.chain_id = ${chainId} AND o.mobile = m.mobile) AS opted,
                      COALESCE(s.n, 0) + COALESCE(t.n, 0) AS before
                 FROM m LEFT JOIN sent s ON s.mobile = m.mobile LEFT JOIN taken t ON t.mobile = m.mobile),
    -- Opted out: never counted. Otherwise the k-th text of a number in this batch goes out while the day's count stays within the limit.
    skip AS (SELECT ord, CASE WHEN opted THEN ${OPTED_OUT_REASON}
                              WHEN before + row_number() OVER (PARTITION BY mobile, opted ORDER BY ord) > (SELECT n FROM lim)
                              THEN format(${DAILY_LIMIT_REASON}, (SELECT n FROM lim)) END AS reason
               FROM ranked)
    SELECT ord::int, reason FROM skip WHERE reason IS NOT NULL`);
  return new Map(skipped.map((row) => [rows[row.ord - 1]!.id, row.reason]));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CampaignRunner {
  run(campaignId: number, run: number, job: JobContext): Promise<void>;
  /** Campaigns whose job runs in this process now. */
  active: Set<number>;
}

export function campaignRunner(
  db: Database,
  provider: SmsProvider,
  clock: SmsClock,
  log: FastifyBaseLogger,
  receipts: ReceiptSink,
  requests: GiveWay = noRequests,
): CampaignRunner {
  const active = new Set<number>();
  const batch = batchFor(provider.window);

  async function runOnce(campaignId: number, run: number, job: JobContext): Promise<void> {
    let committing: Promise<void> = Promise.resolve();
    /**
     * The batch the SMSC has answered: committed once the next batch is claimed. The claim goes first
     * because the next batch's sending waits for it; on PGlite (one thread) a commit started first would
     * put the claim, and so the SMSC, behind it. Meanwhile two claims are unrecorded, as before.
     */
    let answered: (() => Promise<number>) | undefined;
    const commitAnswered = () => {
      if (!answered) return;
      const commit = answered;
      answered = undefined;
      committing = commit().then(async (retry) => {
        if (retry > 0) {
          log.warn({ campaignId, retry }, 'SMSC unavailable; retrying the batch shortly');
          for (let waited = 0; waited < 5000 && !job.stopping(); waited += 250) await sleep(250);
        }
      });
      // Handled when awaited at the next batch or the end; marked here so a failure cannot crash the process meanwhile.
      committing.catch(() => undefined);
    };
    try {
      await loop();
    } finally {
      // Never leave a batch's outcome unrecorded (a stop waits for it).
      commitAnswered();
      await committing;
    }

    async function loop(): Promise<void> {
      let first = true;
      /**
       * Claims walk forward from the last id claimed: without it each claim would step over the
       * index entries of every row already sent (PGlite has no autovacuum), quadratic in the campaign.
       */
      let cursor = 0;
      let campaign: CampaignState | undefined;
      for (;;) {
        // Read once; later batches re-check state and run inside their claim (one transaction less each).
        campaign ??= await db.one<CampaignState>(sql`SELECT state, run, category, chain_id FROM sms_campaign WHERE id = ${campaignId}`);
        if (!campaign || campaign.state !== 'running' || campaign.run !== run) return;
        if (job.stopping()) throw new JobStopped();
        const marketing = isMarketing(campaign.category);
        const chainId = campaign.chain_id;
        if (first) {
          first = false;
          // Chunks and rows a killed process left between claim and commit: maybe sent, never sent again.
          await db.transaction(async (tx) => {
            const left = await tx.one<{ n: number; segments: number }>(sql`
              WITH taken AS (DELETE FROM sms_pending WHERE campaign_id = ${campaignId} AND taken_at IS NOT NULL RETURNING *),
                   made AS (
                     INSERT INTO sms_recipient (id, campaign_id, chain_id, customer_id, customer_name, mobile, text, segments, state, reason, submitted_at, done_at)
                     SELECT x.id, ${campaignId}, ${chainId}, c.id, x.name, x.mobile, x.text, x.segments,
                            CASE WHEN x.reason IS NULL THEN 'failed' ELSE 'skipped' END, COALESCE(x.reason, ${UNCERTAIN_REASON}),
                            CASE WHEN x.reason IS NULL THEN t.taken_at END, now()
                       FROM taken t CROSS JOIN LATERAL unnest(t.ids, t.customer_ids, t.names, t.mobiles, t.texts, t.segments, t.reasons) AS x(id, customer_id, name, mobile, text, segments, reason)
                       LEFT JOIN customer c ON c.id = x.customer_id
                     RETURNING state, segments),
                   stale AS (UPDATE sms_recipient SET state = 'failed', reason = ${UNCERTAIN_REASON}, done_at = now()
                              WHERE campaign_id = ${campaignId} AND state = 'submitting' RETURNING state, segments)
              SELECT count(*) FILTER (WHERE state = 'failed')::int AS n, COALESCE(sum(segments), 0)::int AS segments
                FROM (SELECT * FROM made UNION ALL SELECT * FROM stale) gone`);
            if (left && left.n > 0) log.warn({ campaignId, recipients: left.n }, 'sms campaign resumed: uncertain submissions marked failed, not resent');
            await refundRows(tx, chainId, campaignId, left?.segments ?? 0);
          });
        }
        const now = clock.now();
        if (marketing && !clock.windowOff) {
          const next = nextMarketingTime(now);
          if (next.getTime() > now.getTime()) {
            await db.run(sql`UPDATE sms_campaign SET state = 'scheduled', send_at = ${next.toISOString()}::timestamptz WHERE id = ${campaignId} AND state = 'running' AND run = ${run}`);
            return;
          }
        }

        // Claim a batch: the next stored chunk (marked taken; its rows are written once, by the commit),
        // or rows back in the queue (SMSC unreachable) and those of campaigns made before chunks (→
        // submitting). Opted-out numbers and numbers at their daily limit are skipped.
        // No row locks: the chunk's UPDATE and each row's re-check (not cancelled, state = 'queued'), so a cancel meanwhile wins.
        const claimed = await requests.turn(() => db.transaction(async (tx) => {
          const current = await tx.one<CampaignState>(sql`SELECT state, run, category, chain_id FROM sms_campaign WHERE id = ${campaignId}`);
          if (!current || current.state !== 'running' || current.run !== run) return 'stopped' as const;
          // The next stored chunks (each marked taken; its rows are written once, by its commit).
          // Answered as JSON text: the drivers parse Postgres' array text in JavaScript a character at a
          // time (PGlite: ~1.5 ms a chunk of 400 texts), JSON.parse natively (~0.6 ms with the query).
          const chunks = (
            await tx.rows<{ chunk: string }>(sql`
              UPDATE sms_pending SET taken_at = now() WHERE campaign_id = ${campaignId} AND NOT cancelled AND taken_at IS NULL
                 AND seq IN (SELECT seq FROM sms_pending WHERE campaign_id = ${campaignId} AND NOT cancelled AND taken_at IS NULL ORDER BY seq LIMIT ${CHUNKS_PER_CLAIM[db.kind]})
              RETURNING json_build_object('seq', seq, 'ids', ids, 'mobiles', mobiles, 'texts', texts, 'segments', segments)::text AS chunk`)
          )
            .map((row) => JSON.parse(row.chunk) as StoredChunk)
            .sort((a, b) => a.seq - b.seq);
          const rows =
            chunks.length > 0
              ? chunks.flatMap((chunk) => chunk.ids.map((id, index) => ({ id, mobile: chunk.mobiles[index]!, text: chunk.texts[index]!, segments: chunk.segments[index]! })))
              : await tx.rows<{ id: number; mobile: string; text: string; segments: number }>(sql`
                  SELECT id, mobile, text, segments FROM sms_recipient WHERE campaign_id = ${campaignId} AND id > ${cursor} AND state = 'queued' ORDER BY id LIMIT ${batch}`);
          if (rows.length === 0) return null;
          cursor = rows[rows.length - 1]!.id;
          const skipped = marketing ? await skipReasons(tx, chainId, rows, now, { campaignId, seqs: chunks.map((chunk) => chunk.seq) }) : new Map<number, string>();
          if (chunks.length > 0) {
            const units: ClaimedUnit[] = [];
            for (const chunk of chunks) {
              const unit = { send: [] as ClaimedUnit['send'], chunk: { seq: chunk.seq, skipped: new Map<number, string>(), skippedSegments: 0 } };
              chunk.ids.forEach((id, index) => {
                const reason = skipped.get(id);
                if (!reason) unit.send.push({ id, mobile: chunk.mobiles[index]!, text: chunk.texts[index]!, segments: chunk.segments[index]! });
                else {
                  unit.chunk.skipped.set(id, reason);
                  unit.chunk.skippedSegments += chunk.segments[index]!;
                }
              });
              // Kept on the chunk: its commit (or, after a crash, the next start) writes them as 已跳过.
              if (unit.chunk.skipped.size > 0) {
                await tx.run(sql`UPDATE sms_pending SET reasons = ${sql.param(chunk.ids.map((id) => skipped.get(id) ?? null))}::text[] WHERE campaign_id = ${campaignId} AND seq = ${chunk.seq}`);
              }
              units.push(unit);
            }
            return units;
          }
          const send = rows.filter((row) => !skipped.has(row.id));
          if (skipped.size > 0) {
            const ids = [...skipped.keys()];
            const gone = await tx.one<{ segments: number }>(sql`
              WITH gone AS (
                UPDATE sms_recipient r SET state = 'skipped', reason = x.reason, done_at = now()
                  FROM unnest(${sql.param(ids)}::int[], ${sql.param(ids.map((id) => skipped.get(id)!))}::text[]) AS x(id, reason)
                 WHERE r.id = x.id AND r.state = 'queued' RETURNING r.segments)
              SELECT COALESCE(sum(segments), 0)::int AS segments FROM gone`);
            await refundRows(tx, chainId, campaignId, gone?.segments ?? 0);
          }
          if (send.length === 0) return [{ send }];
          const taken = new Set(
            (
              await tx.rows<{ id: number }>(sql`
                UPDATE sms_recipient SET state = 'submitting', submitted_at = now() WHERE id = ANY(${sql.param(send.map((row) => row.id))}::int[]) AND state = 'queued' RETURNING id`)
            ).map((row) => row.id),
          );
          return [{ send: send.filter((row) => taken.has(row.id)) }];
        }));
        commitAnswered();
        if (claimed === 'stopped') {
          campaign = undefined;
          continue;
        }
        if (claimed === null) {
          // The last commit may put rows back in the queue (SMSC unreachable): finish only when none are left.
          await committing;
          committing = Promise.resolve();
          const left = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_recipient WHERE campaign_id = ${campaignId} AND state = 'queued'`);
          if ((left?.n ?? 0) > 0) {
            cursor = 0; // rows put back in the queue behind the cursor
            continue;
          }
          await db.run(sql`UPDATE sms_campaign SET state = 'done', finished_at = now() WHERE id = ${campaignId} AND state = 'running' AND run = ${run}`);
          return;
        }
        const send = claimed.flatMap((unit) => unit.send);
        if (send.length === 0 && !claimed.some((unit) => unit.chunk)) continue;

        // Submit (the provider keeps its window of outstanding submits full).
        const results = await Promise.allSettled(send.map((row) => provider.submit({ phone: row.mobile, text: row.text })));

        // Committed in the background after the next claim, while the next batch is sent (one commit in
        // flight), chunk by chunk: each its own short transaction, the pages' requests going first between them.
        await committing;
        answered = async () => {
          let retry = 0;
          let start = 0;
          for (const unit of claimed) {
            retry += await commitBatch(campaignId, chainId, unit.send, results.slice(start, start + unit.send.length), unit.chunk);
            start += unit.send.length;
          }
          return retry;
        };
      }
    }
  }

  /** Records a batch's outcome; answers how many go back to the queue (SMSC not reachable). */
  async function commitBatch(
    campaignId: number,
    chainId: number,
    claimed: { id: number; segments: number }[],
    results: PromiseSettledResult<string[]>[],
    chunk?: TakenChunk,
  ): Promise<number> {
    const sent: { id: number; ids: string[] }[] = [];
    const failed: { id: number; reason: string; segments: number }[] = [];
    const retry: number[] = [];
    results.forEach((result, index) => {
      const row = claimed[index]!;
      if (result.status === 'fulfilled') sent.push({ id: row.id, ids: result.value });
      else if (result.reason instanceof SmsNotSent) retry.push(row.id);
      else if (result.reason instanceof SmsRejected) failed.push({ id: row.id, reason: result.reason.message, segments: row.segments });
      else failed.push({ id: row.id, reason: UNCERTAIN_REASON, segments: row.segments });
    });
    // Receipts that came before this commit (the usual case: the SMSC answers in milliseconds) are
    // written with the submission: the recipient gets its final state at once, and no sms_part row
    // is needed. Parts still waiting for a receipt get sms_part rows (found by message id later).
    const known = receipts.take(sent.flatMap((row) => row.ids));
    const outcome = sent.map((row) => {
      const stats = row.ids.map((id) => known.get(id));
      if (stats.some((stat) => !stat)) return { ...row, state: 'submitted', reason: '', stats };
      const bad = stats.filter((stat) => stat!.stat !== 'DELIVRD').map((stat) => `${stat!.stat}:${stat!.err}`);
      // The same reason settleRecipients would pick: the greatest failing stat:err.
      return bad.length > 0 ? { ...row, state: 'failed', reason: `receipt:${bad.sort().at(-1)!}`, stats } : { ...row, state: 'delivered', reason: '', stats };
    });
    const open = outcome.filter((row) => row.state === 'submitted');
    let refunded = failed.reduce((sum, row) => sum + row.segments, 0);
    await requests.turn(() => db.transaction(async (tx) => {
      if (chunk) {
        // The chunk's rows, each written once in its final state (retries as 发送中, put back below).
        const write = new Map<number, { state: string; reason: string; ids: string; submitted: boolean }>();
        for (const [id, reason] of chunk.skipped) write.set(id, { state: 'skipped', reason, ids: '', submitted: false });
        for (const row of outcome) write.set(row.id, { state: row.state, reason: row.reason, ids: row.ids.join(' '), submitted: true });
        for (const row of failed) write.set(row.id, { state: 'failed', reason: row.reason, ids: '', submitted: row.reason === UNCERTAIN_REASON });
        for (const id of retry) write.set(id, { state: 'submitting', reason: '', ids: '', submitted: false });
        const ids = [...write.keys()];
        const made = await tx.run(sql`
          WITH taken AS (DELETE FROM sms_pending WHERE campaign_id = ${campaignId} AND seq = ${chunk.seq} AND taken_at IS NOT NULL RETURNING *)
          INSERT INTO sms_recipient (id, campaign_id, chain_id, customer_id, customer_name, mobile, text, segments, state, reason, message_ids, submitted_at, done_at)
          SELECT x.id, ${campaignId}, ${chainId}, c.id, x.name, x.mobile, x.text, x.segments, y.state, y.reason, y.ids,
                 CASE WHEN y.submitted THEN t.taken_at END, CASE WHEN y.state IN ('submitted', 'submitting') THEN NULL ELSE now() END
            FROM taken t CROSS JOIN LATERAL unnest(t.ids, t.customer_ids, t.names, t.mobiles, t.texts, t.segments) AS x(id, customer_id, name, mobile, text, segments)
            JOIN unnest(${sql.param(ids)}::int[], ${sql.param(ids.map((id) => write.get(id)!.state))}::text[], ${sql.param(ids.map((id) => write.get(id)!.reason))}::text[],
                        ${sql.param(ids.map((id) => write.get(id)!.ids))}::text[], ${sql.param(ids.map((id) => write.get(id)!.submitted))}::boolean[])
                 AS y(id, state, reason, ids, submitted) ON y.id = x.id
            LEFT JOIN customer c ON c.id = x.customer_id`);
        if (made === 0) {
          // Another start took the chunk as left by a killed process (its rows are 失败, refunded): nothing more to write.
          log.warn({ campaignId, seq: chunk.seq }, 'sms batch already recorded as uncertain; its outcome is not written again');
          return;
        }
        refunded += chunk.skippedSegments;
      } else {
        if (sent.length > 0) {
          await tx.run(sql`
            UPDATE sms_recipient r SET state = x.state, reason = x.reason, message_ids = x.ids, done_at = CASE WHEN x.state = 'submitted' THEN NULL ELSE now() END
              FROM unnest(${sql.param(outcome.map((row) => row.id))}::int[], ${sql.param(outcome.map((row) => row.state))}::text[],
                          ${sql.param(outcome.map((row) => row.reason))}::text[], ${sql.param(outcome.map((row) => row.ids.join(' ')))}::text[]) AS x(id, state, reason, ids)
             WHERE r.id = x.id AND r.state = 'submitting'`);
        }
        if (failed.length > 0) {
          await tx.run(sql`
            UPDATE sms_recipient r SET state = 'failed', reason = x.reason, done_at = now(),
                   submitted_at = CASE WHEN x.reason = ${UNCERTAIN_REASON} THEN r.submitted_at ELSE NULL END
              FROM unnest(${sql.param(failed.map((row) => row.id))}::int[], ${sql.param(failed.map((row) => row.reason))}::text[]) AS x(id, reason)
             WHERE r.id = x.id AND r.state = 'submitting'`);
        }
      }
      if (open.length > 0) {
        const parts = open.flatMap((row) => row.ids.map((messageId, index) => ({ messageId, recipient: row.id, stat: row.stats[index] })));
        await tx.run(sql`
          INSERT INTO sms_part (message_id, recipient_id, stat, err)
          SELECT * FROM unnest(${sql.param(parts.map((part) => part.messageId))}::text[], ${sql.param(parts.map((part) => part.recipient))}::int[],
                               ${sql.param(parts.map((part) => part.stat?.stat ?? null))}::text[], ${sql.param(parts.map((part) => part.stat?.err ?? null))}::text[])
          ON CONFLICT (message_id) DO NOTHING`);
      }
      if (sent.length > 0) await settleReceipts(tx);
      await refundRows(tx, chainId, campaignId, refunded);
      if (retry.length > 0) await requeue(tx, campaignId, chainId, retry);
    })).catch((error: unknown) => {
      // Not recorded: the receipts go back, so the parts' rows (if a retry records them) still get them.
      receipts.putBack(known);
      throw error;
    });
    return retry.length;
  }

  return {
    active,
    async run(campaignId, run, job) {
      for (;;) {
        active.add(campaignId);
        try {
          await runOnce(campaignId, run, job);
        } finally {
          active.delete(campaignId);
        }
        // Resumed while this run was stopping (resume saw it active and kept the run): carry on.
        const now = await db.one<{ state: string; run: number }>(sql`SELECT state, run FROM sms_campaign WHERE id = ${campaignId}`);
        if (now?.state !== 'running' || now.run !== run || job.stopping()) return;
      }
    },
  };
}

/**
 * Recipients taken for sending but not sent (SMSC unreachable) go back to the queue; if the campaign
 * was cancelled meanwhile they are cancelled with the rest and refunded. The campaign row is locked
 * first, so a cancel at the same moment either sees these rows queued or is seen here as cancelled.
 */
async function requeue(tx: Queryable, campaignId: number, chainId: number, ids: number[]): Promise<void> {
  const current = await tx.one<{ state: string }>(sql`SELECT state FROM sms_campaign WHERE id = ${campaignId} FOR UPDATE`);
  await tx.run(sql`UPDATE sms_recipient SET state = 'queued', submitted_at = NULL WHERE id = ANY(${sql.param(ids)}::int[]) AND state = 'submitting'`);
  if (current?.state === 'cancelled') await cancelRemainder(tx, campaignId, chainId);
}

/** Marks the undone recipients of a cancelled campaign (rows and chunks not yet expanded) and gives their credits back. */
export async function cancelRemainder(tx: Queryable, campaignId: number, chainId: number): Promise<void> {
  const left = await tx.one<{ segments: number }>(sql`
    WITH cancelled AS (UPDATE sms_recipient SET state = 'cancelled', done_at = now() WHERE campaign_id = ${campaignId} AND state = 'queued' RETURNING segments)
    SELECT COALESCE(sum(segments), 0)::int AS segments FROM cancelled`);
  // Chunks stay as they are, marked: their recipients are listed 已取消 without a row each. A taken
  // chunk is with the SMSC: its commit writes what became of it.
  const chunks = await tx.one<{ n: number; segments: number }>(sql`
    WITH cancelled AS (UPDATE sms_pending SET cancelled = true WHERE campaign_id = ${campaignId} AND NOT cancelled AND taken_at IS NULL RETURNING n, segments_total)
    SELECT COALESCE(sum(n), 0)::int AS n, COALESCE(sum(segments_total), 0)::int AS segments FROM cancelled`);
  if (chunks && chunks.n > 0) {
    // Counted as processed and 未发送, as a cancelled row would be by the trigger (migration 565).
    await tx.run(sql`INSERT INTO sms_campaign_progress (campaign_id, processed, submitted, delivered, failed, skipped) VALUES (${campaignId}, ${chunks.n}, 0, 0, 0, ${chunks.n})`);
  }
  await refundRows(tx, chainId, campaignId, (left?.segments ?? 0) + (chunks?.segments ?? 0));
}

// ───────────────────────────────────────────────────────────────── receipts and replies

/** A mobile as the SMSC writes it (8613…, +86 13…) → the 11 digits we store. */
export function normaliseMobile(address: string): string {
  const digits = address.replace(/\D/g, '');
  return digits.length > 11 && digits.startsWith('86') ? digits.slice(-11) : digits;
}

/** Opts a number out after a reply T/TD/退订/R: in every chain that texted it, or where it is a customer. */
export async function optOutByReply(db: Database, phone: string, text: string): Promise<number> {
  if (!isOptOutReply(text)) return 0;
  const mobile = normaliseMobile(phone);
  return db.transaction(async (tx) => {
    const chains = await tx.rows<{ chain_id: number }>(sql`
      SELECT DISTINCT chain_id FROM sms_recipient WHERE mobile = ${mobile} AND submitted_at IS NOT NULL
      UNION SELECT DISTINCT chain_id FROM customer WHERE mobile = ${mobile} AND NOT EXISTS (SELECT 1 FROM sms_recipient WHERE mobile = ${mobile} AND submitted_at IS NOT NULL)`);
    let changed = 0;
    for (const { chain_id } of chains) {
      changed += await tx.run(sql`
        INSERT INTO sms_opt_out (chain_id, mobile, source, note) VALUES (${chain_id}, ${mobile}, 'reply', ${`回复「${text.trim().slice(0, 20)}」`})
        ON CONFLICT (chain_id, mobile) DO NOTHING`);
    }
    return changed;
  });
}

/** Receipts held until their submission is committed (the batch commit takes them), then matched in the database. */
export interface ReceiptSink {
  add(receipt: Receipt): void;
  /** The receipts already in for these message ids, taken out of the sink. */
  take(messageIds: string[]): Map<string, Receipt>;
  /** Receipts taken by a commit that then failed. */
  putBack(receipts: Map<string, Receipt>): void;
  /** Waits for everything received so far to be applied (or stored in sms_early_receipt). */
  drain(): Promise<void>;
}

/** A receipt not taken by a commit within this long is looked up in sms_part (its part was committed). */
const MATCH_AFTER_MS = 500;
/** One still unmatched after this long is stored in sms_early_receipt (another process's submission, or a late commit). */
const STORE_AFTER_MS = 30_000;
/** Receipts applied per transaction: each one short, so a page's queries never wait long behind it. */
const RECEIPT_SLICE = 250;

/**
 * Receipts of a 100,000-text campaign: most arrive before the batch that submitted them is
 * committed, and the commit takes them (commitBatch), so the recipient's final state is written
 * once. The rest (arriving after their commit) are applied in batches, each part found by its
 * message id. Kept in memory meanwhile, as the SMSC's deliver_sm is answered at once: a crash loses
 * at most the receipts of the last second, whose recipients then stay 已提交.
 */
export function receiptSink(db: Database, log: FastifyBaseLogger, requests: GiveWay = noRequests): ReceiptSink {
  const waiting = new Map<string, Receipt & { at: number }>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  async function flush(all: boolean) {
    const now = Date.now();
    const due = [...waiting.values()].filter((receipt) => all || now - receipt.at >= MATCH_AFTER_MS);
    // In slices, each its own short transaction after the requests being answered (http/requests-first.ts).
    for (let start = 0; start < due.length; start += RECEIPT_SLICE) {
      const slice = due.slice(start, start + RECEIPT_SLICE);
      const stillWaiting = await requests.turn(() => db.transaction(async (tx) => {
        const applied = await applyReceipts(tx, slice);
        await settleRecipients(tx, applied.recipients);
        const store = applied.unmatched.filter((receipt) => all || now - (waiting.get(receipt.messageId)?.at ?? now) >= STORE_AFTER_MS);
        if (store.length > 0) {
          await tx.run(sql`
            INSERT INTO sms_early_receipt (message_id, stat, err)
            SELECT * FROM ${receiptRows(store)}
            ON CONFLICT (message_id) DO NOTHING`);
        }
        const stored = new Set(store);
        return new Set(applied.unmatched.filter((receipt) => !stored.has(receipt)).map((receipt) => receipt.messageId));
      }));
      // Applied or stored: no longer waiting (the ones still unmatched stay for the next try).
      for (const receipt of slice) if (!stillWaiting.has(receipt.messageId)) waiting.delete(receipt.messageId);
    }
  }

  const schedule = (all = false) => {
    flushing = flushing.then(() => flush(all)).catch((error: unknown) => log.error({ err: error }, 'sms receipts not applied'));
    return flushing.then(() => {
      if (waiting.size > 0) arm();
    });
  };
  const arm = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      void schedule();
    }, MATCH_AFTER_MS);
    timer.unref();
  };

  return {
    add(receipt) {
      waiting.set(receipt.messageId, { ...receipt, at: Date.now() });
      arm();
    },
    take(messageIds) {
      const found = new Map<string, Receipt>();
      for (const id of messageIds) {
        const receipt = waiting.get(id);
        if (!receipt) continue;
        waiting.delete(id);
        found.set(id, { messageId: id, stat: receipt.stat, err: receipt.err });
      }
      return found;
    },
    putBack(receipts) {
      for (const receipt of receipts.values()) waiting.set(receipt.messageId, { ...receipt, at: 0 });
      if (receipts.size > 0) arm();
    },
    async drain() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await schedule(true);
    },
  };
}

export function eventHandler(db: Database, log: FastifyBaseLogger, requests: GiveWay = noRequests) {
  const sink = receiptSink(db, log, requests);
  return {
    sink,
    handle(event: SmsEvent) {
      if (event.kind === 'receipt') sink.add(event);
      else void optOutByReply(db, event.phone, event.text).catch((error: unknown) => log.error({ err: error }, 'sms reply not applied'));
    },
  };
}
