/**
 * 保险 (issue 16): policy lookup and the renewal pipeline (Permission.insurance, data scope like
 * the customer pages), quotes (plus the 保险报价 add-on), analysis (plus the 保险分析 add-on),
 * insurer settings (writes need 设置中心), and the public read of a shared quote sheet: the only
 * route here outside login, answering one quote for an unexpired, unrevoked token, the customer's
 * name and plate masked and no mobile.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contracts/api/insurance';
import type { AnswerOf, ParsedInputOf } from '../../../contracts/api/route';
import { Permission } from '../../../contracts/permissions';
import { addDays, addMonths, today as garageToday } from '../../../contracts/dates';
import { maskMobile, maskName, maskPlate } from '../../../contracts/rules/mobile';
import {
  COMPULSORY_LIMITS_2020, INSURANCE_MESSAGES, LOST_REASONS, RENEWAL_BUCKET_DAYS, RENEWAL_MESSAGES as MSG, RENEWAL_STATE_NAMES,
  classSeatsProblem, commercialPremium, compulsoryPremiumOf, displacementProblem, familyClassFor, regionGroupOf, renewalProblem, renewalRate, termProblem,
  vehicleClassOf, vehicleTax, type InsurerTariff, INSURER_RATE_MESSAGES, insurerTableProblem, SHARE_STATE_NAMES,
} from '../../../contracts/insurance';
import { hasPermission } from '../auth/context';
import { sql, type Queryable } from '../db/database';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import { entitlementState } from '../entitlements';
import { auditActor, writeAudit, type AuditRecord } from '../repositories/authority';
import { rulesOf } from '../repositories/customer-operations';
import { ownsStore, staffOf, staffServing } from '../repositories/potential';
import { settingsOf } from '../repositories/settings';
import * as repo from '../repositories/insurance';
import { analysisXlsx } from '../insurance/analysis-xlsx';

const READ = { config: { permission: Permission.insurance } };
const QUOTE = { config: { permission: Permission.insurance, entitlement: 'insurance_quote' as const } };
const ANALYSIS = { config: { permission: Permission.insurance, entitlement: 'insurance_analysis' as const } };
const SETTINGS = { config: { permission: Permission.settingsCentre } };

const bad = (message: string) => new ApiError(Code.badInput, message);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type QuoteInput = ParsedInputOf<typeof calls.computeQuote>;
type Sheet = AnswerOf<typeof calls.computeQuote>;

/**
 * The whole sheet from the input, or a Chinese refusal: every check runs before anything is
 * computed, so a quote is complete or refused (never half).
 */
export function computeSheet(input: QuoteInput, tariffs: InsurerTariff[], today: string): Sheet {
  const regionGroup = regionGroupOf(input.region);
  if (!regionGroup) throw bad(INSURANCE_MESSAGES.region);
  const vehicleClass = input.vehicleClass ? vehicleClassOf(input.vehicleClass) : familyClassFor(input.seats);
  if (!vehicleClass) throw bad(INSURANCE_MESSAGES.unknownClass);
  const problem =
    classSeatsProblem(vehicleClass.code, input.seats) ??
    displacementProblem(input.displacement, input.energy) ??
    termProblem(input.startDate, input.endDate, today, addDays, (day) => addMonths(day, 12));
  if (problem) throw bad(problem);
  const enabled = tariffs.filter((tariff) => tariff.enabled);
  const codes = input.insurers.length > 0 ? input.insurers : enabled.map((tariff) => tariff.code);
  if (codes.length === 0) throw bad(MSG.noInsurer);
  const chosen = codes.map((code) => {
    const tariff = enabled.find((entry) => entry.code === code);
    if (!tariff) throw bad(MSG.insurerUnknown(code));
    return tariff;
  });
  const compulsory = compulsoryPremiumOf({ vehicleClass: vehicleClass.code, regionGroup, history: input.history });
  const compulsoryFen = Math.round(compulsory.premium * 100);
  const tax = vehicleTax({ displacement: input.displacement, region: input.region, energy: input.energy });
  const choice = {
    vehicleDamage: input.vehicleDamage && input.vehiclePriceFen > 0,
    vehiclePriceFen: input.vehiclePriceFen,
    thirdPartyLimit: input.thirdPartyLimit,
    driverSeatLimit: input.driverSeatLimit,
    passengerSeatLimit: input.passengerSeatLimit,
    passengerSeats: Math.max(0, input.seats - 1),
    addOns: input.addOns,
  };
  const offers = chosen.map((tariff) => {
    let commercial;
    try {
      commercial = commercialPremium(tariff, choice, { ncdLevel: input.ncdLevel, region: input.region, violation: input.violation });
    } catch (error) {
      if (error instanceof RangeError) throw bad(`${tariff.name}：${error.message}`);
      throw error;
    }
    return {
      insurerCode: tariff.code,
      insurerName: tariff.name,
      lines: commercial.lines,
      ncd: commercial.ncd,
      violation: commercial.violation,
      independent: commercial.independent,
      coefficient: commercial.coefficient,
      commercialFen: commercial.premiumFen,
      compulsoryFen,
      vehicleTaxFen: tax.yearlyFen,
      totalFen: commercial.premiumFen + compulsoryFen + tax.yearlyFen,
    };
  });
  return {
    region: input.region,
    regionGroup,
    vehicleClass: vehicleClass.code,
    vehicleClassName: vehicleClass.name,
    startDate: input.startDate,
    endDate: input.endDate,
    compulsory: { base: compulsory.base, rate: compulsory.rate, premiumFen: compulsoryFen, limits: { total: COMPULSORY_LIMITS_2020.total, ...COMPULSORY_LIMITS_2020.atFault } },
    vehicleTax: { band: tax.band?.name ?? '新能源车免征', yearlyFen: tax.yearlyFen, estimated: tax.estimated },
    offers,
  };
}

export default async function insuranceRoutes(app: FastifyInstance) {
  const { db } = app;
  const todayFor = (request: FastifyRequest) => garageToday(request.scope.timeZone);

  const audit = (tx: Queryable, request: FastifyRequest, entry: Pick<AuditRecord, 'action' | 'targetId' | 'targetName' | 'detail' | 'storeIds'>) =>
    writeAudit(tx, { ...entry, targetType: 'setting', ...auditActor(request.auth, request.ip) });

  const storesOf = (request: FastifyRequest) =>
    db.rows<{ id: number; name: string }>(sql`SELECT id, name FROM garage WHERE id = ANY(${sql.param(request.scope.storeIds)}::int[]) ORDER BY sort, id`);

  serve(app, calls.policySearch, READ, async (input, request) => {
    const settings = await settingsOf(db, request.auth);
    const page = await repo.searchPolicies(db, request.scope, input, settings.isShowPhone);
    return ok({ ...page, today: todayFor(request) });
  });

  serve(app, calls.renewalList, READ, async (input, request) => {
    const [settings, rules] = await Promise.all([settingsOf(db, request.auth), rulesOf(db, request.auth.chainId)]);
    const defaultDays = rules.reminders.insurance.daysBefore;
    const window = input.bucket ? RENEWAL_BUCKET_DAYS[input.bucket] : { from: 0, to: input.withinDays ?? defaultDays };
    const [page, stores, staff] = await Promise.all([
      repo.listRenewals(db, request.scope, { ...input, ...window }, { page: input.page, pageSize: input.pageSize, showPhone: settings.isShowPhone }),
      storesOf(request),
      staffServing(db, request.auth.chainId, request.scope.storeIds),
    ]);
    return ok({
      ...page, defaultDays, reminderEnabled: rules.reminders.insurance.enabled, stores,
      staff,
      lostReasons: [...LOST_REASONS], today: todayFor(request),
    });
  });

  serve(app, calls.updateRenewal, READ, async (input, request) => {
    const today = todayFor(request);
    if (input.nextContact && input.nextContact < today) throw bad(MSG.nextContactPast);
    return ok(
      await db.transaction(async (tx) => {
        const policy = await repo.findPolicy(tx, request.scope, input.policyId);
        if (!policy) throw new ApiError(Code.notFound, MSG.notFound);
        const lostReason = input.state === 'lost' ? (input.lostReason ?? '') : '';
        const problem = renewalProblem(policy.state, input.state, lostReason, input.note);
        if (problem) throw bad(problem);
        const closed = input.state === 'renewed' || input.state === 'lost';
        const nextContact = closed ? null : (input.nextContact ?? null);
        const version = await repo.writeRenewal(tx, { id: policy.id, chainId: request.auth.chainId, storeId: policy.storeId }, input.version, {
          state: input.state, lostReason, note: input.note, nextContact, userId: request.auth.userId,
        });
        if (version === undefined) throw new ApiError(Code.conflict, MSG.changedByOthers);
        await repo.logRenewal(tx, { chainId: request.auth.chainId, policyId: policy.id, userId: request.auth.userId, state: input.state, lostReason, note: input.note, nextContact });
        return { version };
      }),
    );
  });

  serve(app, calls.assignRenewals, READ, async (input, request) => {
    return ok(
      await db.transaction(async (tx) => {
        const policies = await repo.lockPolicies(tx, request.scope, input.policyIds);
        if (policies.length !== input.policyIds.length) throw new ApiError(Code.notFound, MSG.notFound);
        const owner = (await staffOf(tx, request.auth.chainId)).find((person) => person.id === input.ownerId);
        if (!owner || !policies.every((policy) => ownsStore(owner, policy.storeId))) throw bad(MSG.ownerNotStaff);
        const assigned = await repo.assignRenewalOwner(tx, request.auth.chainId, policies, owner.id, request.auth.userId);
        for (const policy of policies) {
          await repo.logRenewal(tx, { chainId: request.auth.chainId, policyId: policy.id, userId: request.auth.userId, state: policy.state, lostReason: '', note: `分配给 ${owner.name}`, nextContact: null });
        }
        return { assigned };
      }),
    );
  });

  serve(app, calls.renewalHistory, READ, async ({ policyId }, request) => {
    if (!(await repo.findPolicy(db, request.scope, policyId))) throw new ApiError(Code.notFound, MSG.notFound);
    return ok({ entries: await repo.renewalLogOf(db, request.scope, policyId) });
  });

  serve(app, calls.vehiclePolicies, READ, async ({ vehicleId }, request) => {
    const vehicle = await repo.vehicleOf(db, request.scope, vehicleId);
    if (!vehicle) throw new ApiError(Code.notFound, MSG.vehicleNotFound);
    const today = todayFor(request);
    const [settings, quoteState] = await Promise.all([settingsOf(db, request.auth), entitlementState(db, request.auth.chainId, 'insurance_quote', today)]);
    const canQuote = quoteState === 'active';
    const [policies, quotes] = await Promise.all([
      repo.vehiclePoliciesOf(db, request.scope, vehicleId, settings.isShowPhone),
      canQuote ? repo.quotesOfVehicle(db, request.scope, vehicleId) : Promise.resolve([]),
    ]);
    const { energy: _energy, ...shown } = vehicle;
    return ok({ vehicle: { ...shown, mobile: settings.isShowPhone ? vehicle.mobile : maskMobile(vehicle.mobile) }, policies, quotes, canQuote, today });
  });

  async function sheetFor(tx: Queryable, request: FastifyRequest, input: QuoteInput) {
    const vehicle = await repo.vehicleOf(tx, request.scope, input.vehicleId);
    if (!vehicle) throw new ApiError(Code.notFound, MSG.vehicleNotFound);
    const { insurers } = await repo.insurersOf(tx, request.auth.chainId);
    return { vehicle, sheet: computeSheet(input, insurers, todayFor(request)) };
  }

  serve(app, calls.computeQuote, QUOTE, async (input, request) => ok((await sheetFor(db, request, input)).sheet));

  serve(app, calls.saveQuote, QUOTE, async (input, request) => {
    return ok(
      await db.transaction(async (tx) => {
        const { vehicle, sheet } = await sheetFor(tx, request, input);
        const id = await repo.insertQuote(tx, {
          chainId: request.auth.chainId, storeId: vehicle.storeId, vehicleId: vehicle.id, customerId: vehicle.customerId, input, sheet,
          lowestTotalFen: Math.min(...sheet.offers.map((offer) => offer.totalFen)), userId: request.auth.userId,
        });
        await repo.markQuoted(tx, request.scope, vehicle.id, request.auth.userId);
        return { id };
      }),
    );
  });

  const sheetAnswer = (quote: repo.QuoteRecord, showPhone: boolean) => ({
    vehicle: { plate: quote.plate, brand: quote.brand, series: quote.series, customerName: quote.customerName, mobile: showPhone ? quote.mobile : maskMobile(quote.mobile) },
    sheet: quote.sheet as Sheet,
  });
  const shareAnswer = (share: repo.ShareRecord) => ({
    id: share.id, createdAt: share.createdAt, createdBy: share.createdBy, expiresAt: share.expiresAt,
    state: share.state, stateName: SHARE_STATE_NAMES[share.state], revokedAt: share.revokedAt, revokedBy: share.revokedBy,
  });
  const shareAudit = (tx: Queryable, request: FastifyRequest, action: AuditRecord['action'], share: { id: number; plate: string; storeId: number }, detail: Record<string, unknown>) =>
    writeAudit(tx, { ...auditActor(request.auth, request.ip), action, targetType: 'insurance', targetId: share.id, targetName: `报价单分享链接：${share.plate}`, detail, storeIds: [share.storeId] });

  serve(app, calls.quoteDetail, QUOTE, async ({ id }, request) => {
    const quote = await repo.findQuote(db, request.scope, id);
    if (!quote) throw new ApiError(Code.notFound, MSG.quoteNotFound);
    const [settings, shares] = await Promise.all([settingsOf(db, request.auth), repo.sharesOfQuote(db, request.scope, quote.id)]);
    return ok({
      id: quote.id, createdAt: quote.createdAt, userName: quote.userName, storeName: quote.storeName, storePhone: quote.storePhone,
      ...sheetAnswer(quote, settings.isShowPhone), shares: shares.map(shareAnswer),
    });
  });

  serve(app, calls.shareQuote, QUOTE, async ({ id, days }, request) => {
    const quote = await repo.findQuote(db, request.scope, id);
    if (!quote) throw new ApiError(Code.notFound, MSG.quoteNotFound);
    // 192 random bits, URL-safe; only the hash is kept, so the database alone opens no sheet.
    const token = randomBytes(24).toString('base64url');
    const share = await db.transaction(async (tx) => {
      const made = await repo.insertShare(tx, { chainId: request.auth.chainId, quoteId: quote.id, tokenHash: hashToken(token), days, userId: request.auth.userId });
      await shareAudit(tx, request, 'insurance.share.create', { id: made.id, plate: quote.plate, storeId: quote.storeId }, { quoteId: quote.id, days, expiresAt: made.expiresAt });
      return made;
    });
    return ok({ id: share.id, token, path: `/insurance-share/${token}`, expiresAt: share.expiresAt });
  });

  // Revoking is a safety measure: it needs the 保险 permission only, not the quote add-on.
  serve(app, calls.revokeQuoteShare, READ, async ({ id }, request) =>
    ok(
      await db.transaction(async (tx) => {
        const share = await repo.findShare(tx, request.scope, id);
        if (!share) throw new ApiError(Code.notFound, MSG.shareGone);
        if (!(await repo.revokeShare(tx, share.id, request.auth.userId))) throw new ApiError(Code.conflict, MSG.shareClosed(SHARE_STATE_NAMES[share.state]));
        await shareAudit(tx, request, 'insurance.share.revoke', share, { quoteId: share.quoteId, expiresAt: share.expiresAt });
        return shareAnswer((await repo.findShare(tx, request.scope, id))!);
      }),
    ),
  );

  serve(app, calls.sharedQuote, { config: { public: true } }, async ({ token }) => {
    const quote = await repo.sharedQuoteOf(db, hashToken(token));
    if (!quote) throw new ApiError(Code.notFound, MSG.shareNotFound);
    if (quote.revoked) throw new ApiError(Code.forbidden, MSG.shareRevoked);
    if (quote.expired) throw new ApiError(Code.forbidden, MSG.shareExpired);
    // Whoever holds the link sees what the sheet needs: the car by brand and a masked plate, the
    // customer by a masked name; no mobile (the customer knows it, a forwarded link should not tell it).
    const { vehicle, sheet } = sheetAnswer(quote, false);
    return ok({
      storeName: quote.storeName, storePhone: quote.storePhone, createdAt: quote.createdAt, expiresAt: quote.expiresAt, sheet,
      vehicle: { ...vehicle, plate: maskPlate(vehicle.plate), customerName: maskName(vehicle.customerName), mobile: '' },
    });
  });

  const analysisAnswer = async (input: ParsedInputOf<typeof calls.analysis>, request: FastifyRequest): Promise<AnswerOf<typeof calls.analysis>> => {
    if (input.to < input.from) throw bad('结束日期不能早于开始日期');
    if (input.to > addDays(addMonths(input.from, 24), -1)) throw bad('日期区间不能超过两年');
    const [data, stores] = await Promise.all([repo.analysisOf(db, request.scope, input), storesOf(request)]);
    // A fraction with four decimals: the contract's rate (0.01 %) / 10,000, 0 with nothing due.
    const rate = (renewed: number, due: number) => (renewalRate(renewed, due) ?? 0) / 10_000;
    const count = (state: string) => data.funnel.find((row) => row.state === state)?.n ?? 0;
    const due = data.funnel.reduce((sum, row) => sum + row.n, 0);
    const renewed = count('renewed');
    return {
      renewalByMonth: data.byMonth.map((row) => ({ ...row, rate: rate(row.renewed, row.due) })),
      premiumsByInsurer: data.byInsurer.map((row) => ({ ...row, totalFen: row.compulsoryFen + row.commercialFen })),
      funnel: (['pending', 'contacted', 'quoted', 'renewed', 'lost'] as const).map((state) => ({ state, name: RENEWAL_STATE_NAMES[state], count: count(state) })),
      lostReasons: data.lost,
      staff: data.staff.map((row) => ({ ...row, rate: rate(row.renewed, row.assigned) })),
      totals: { due, renewed, lost: count('lost'), rate: rate(renewed, due), premiumFen: data.staff.reduce((sum, row) => sum + row.premiumFen, 0) },
      stores,
    };
  };

  serve(app, calls.analysis, ANALYSIS, async (input, request) => ok(await analysisAnswer(input, request)));

  serve(app, calls.analysisExport, ANALYSIS, async (input, request, reply) => {
    const data = await analysisAnswer(input, request);
    const chosen = input.storeIds?.length ? data.stores.filter((store) => input.storeIds!.includes(store.id)).map((store) => store.name) : [];
    const bytes = await analysisXlsx(data, { from: input.from, to: input.to, storeNames: chosen });
    const fileName = `保险分析-${input.from}-${input.to}.xlsx`;
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('content-disposition', `attachment; filename="insurance-analysis.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    reply.header('cache-control', 'no-store');
    return reply.send(bytes);
  });

  /** The insurer table is the chain's: only an admin of every store (总部管理员) changes it. */
  const mayEditRates = (request: FastifyRequest) => request.auth.isAdmin && request.auth.dataScope === 1;

  serve(app, calls.insurerSettings, READ, async (_input, request) => {
    const { insurers, version } = await repo.insurersOf(db, request.auth.chainId);
    return ok({ insurers, version, canEdit: mayEditRates(request) });
  });

  serve(app, calls.saveInsurerSettings, SETTINGS, async (input, request) => {
    if (!mayEditRates(request)) throw new ApiError(Code.forbidden, INSURER_RATE_MESSAGES.hqOnly);
    const insurers = input.insurers.map((insurer) => ({ ...insurer, name: insurer.name.trim() })) as InsurerTariff[];
    const problem = insurerTableProblem(insurers);
    if (problem) throw bad(problem);
    return ok(
      await db.transaction(async (tx) => {
        const before = await repo.insurersOf(tx, request.auth.chainId);
        const version = await repo.saveInsurers(tx, request.auth.chainId, insurers, input.version, request.auth.userId);
        if (version === undefined) throw new ApiError(Code.conflict, MSG.changedByOthers);
        await audit(tx, request, {
          action: 'insurance.insurers',
          targetId: null,
          targetName: '保险公司费率',
          detail: { version, insurers: insurers.map((insurer) => insurer.name), changes: rateChanges(before.insurers, insurers) },
          storeIds: [],
        });
        return { version };
      }),
    );
  });
}

/** JSON with object keys sorted (jsonb gives them back in its own order). */
const stable = (value: unknown): string =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`).join(',')}}`
    : JSON.stringify(value);

/** What the audit log keeps of a save: per insurer, added / removed / the fields that changed (old → new). */
function rateChanges(before: InsurerTariff[], after: InsurerTariff[]) {
  const old = new Map(before.map((insurer) => [insurer.code, insurer]));
  const changes: { code: string; name: string; change: 'added' | 'removed' | 'changed'; fields?: Record<string, [unknown, unknown]> }[] = [];
  for (const insurer of after) {
    const previous = old.get(insurer.code);
    if (!previous) {
      changes.push({ code: insurer.code, name: insurer.name, change: 'added' });
      continue;
    }
    const fields: Record<string, [unknown, unknown]> = {};
    for (const key of Object.keys(insurer) as (keyof InsurerTariff)[]) {
      if (stable(previous[key]) !== stable(insurer[key])) fields[key] = [previous[key], insurer[key]];
    }
    if (Object.keys(fields).length > 0) changes.push({ code: insurer.code, name: insurer.name, change: 'changed', fields });
  }
  for (const insurer of before) if (!after.some((each) => each.code === insurer.code)) changes.push({ code: insurer.code, name: insurer.name, change: 'removed' });
  return changes;
}
