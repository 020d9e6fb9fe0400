/**
 * 客户分析 (issue 17): one read, behind 数据 (13) and the 客户分析 add-on. Figures cover the stores
 * the caller sees now (data scope ∩ current garage); a store filter outside that is dropped.
 */
import type { FastifyInstance } from 'fastify';
import * as calls from '../../../contracts/api/customer-analysis';
import { addDays, addMonths, today as garageToday } from '../../../contracts/dates';
import { Permission } from '../../../contracts/permissions';
import { ANALYSIS_MAX_MONTHS, ANALYSIS_MESSAGES as MSG, SPEND_BANDS_FEN, addMonthsTo, monthsBetween, spendBandName } from '../../../contracts/rules/customer-analysis';
import { sql } from '../db/database';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import { customerAnalysisOf } from '../repositories/customer-analysis';

const ANALYSIS = { config: { permission: Permission.dataAnalytics, entitlement: 'customer_analysis' as const } };
const bad = (message: string) => new ApiError(Code.badInput, message);

export default async function customerAnalysisRoutes(app: FastifyInstance) {
  const { db } = app;

  serve(app, calls.analysis, ANALYSIS, async (input, request) => {
    const today = garageToday(request.scope.timeZone);
    const thisMonth = today.slice(0, 7);
    if (monthsBetween(input.from, input.to) < 0) throw bad(MSG.order);
    if (monthsBetween(input.from, input.to) >= ANALYSIS_MAX_MONTHS) throw bad(MSG.tooLong);
    if (input.from > thisMonth) throw bad(MSG.future);
    const lastMonth = input.to < thisMonth ? input.to : thisMonth;
    const asOf = lastMonth === thisMonth ? today : addDays(addMonths(`${lastMonth}-01`, 1), -1);
    const from = `${input.from}-01`;
    const shown = input.storeIds && input.storeIds.length > 0 ? input.storeIds.filter((id) => request.scope.canSeeStore(id)) : request.scope.storeIds;
    const [data, stores] = await Promise.all([
      customerAnalysisOf(db, request.scope, { from, asOf, today, storeIds: shown }),
      db.rows<{ id: number; name: string }>(sql`SELECT id, name FROM garage WHERE id = ANY(${sql.param(request.scope.storeIds)}::int[]) ORDER BY sort, id`),
    ]);

    const months = Array.from({ length: monthsBetween(input.from, lastMonth) + 1 }, (_, index) => addMonthsTo(input.from, index));
    const cohorts = months.map((month) => {
      const rows = data.cohorts.filter((row) => row.cohort === month);
      const returned = Array.from({ length: monthsBetween(month, lastMonth) + 1 }, (_, offset) => rows.find((row) => row.offset === offset)?.customers ?? 0);
      return { month, customers: returned[0] ?? 0, returned };
    });
    const bands = SPEND_BANDS_FEN.map((fromFen, index) => {
      const row = data.spend.find((entry) => entry.band === index);
      return { name: spendBandName(index), fromFen, toFen: SPEND_BANDS_FEN[index + 1] ?? null, customers: row?.customers ?? 0, totalFen: row?.totalFen ?? 0 };
    });
    return ok({
      asOf,
      cohorts,
      stages: {
        thresholds: data.thresholds,
        byStore: data.byStore,
        totals: data.totals,
        newlyLost: months.map((month) => ({ month, customers: data.newlyLost.find((row) => row.month === month)?.customers ?? 0 })),
      },
      spend: {
        bands,
        customers: bands.reduce((sum, band) => sum + band.customers, 0),
        totalFen: bands.reduce((sum, band) => sum + band.totalFen, 0),
        medianFen: data.spend[0]?.medianFen ?? 0,
      },
      stores,
    });
  });
}
