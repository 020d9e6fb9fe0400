/**
 * 数据报表 (issue 17): the report query and its xlsx export, both read from the order rollup over
 * the stores the caller sees (a filter outside the scope is dropped, so a store manager's report
 * covers their own store whatever they ask). Also the durable job that keeps the rollup current
 * ('order-rollup'): writers of orders queue it (requestRollup), and at start, and every minute,
 * cells marked by orders changed elsewhere (another process, a crash before the job ran) are
 * caught up.
 */
import { loadExcelJS } from '../import/exceljs-utf8';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as calls from '../../../contracts/api/report';
import { addDays, daysBetween, today } from '../../../contracts/dates';
import { Permission } from '../../../contracts/permissions';
import { safeCell } from '../../../contracts/rules/import';
import { MAX_REPORT_DAYS, REPORT_GROUPS, REPORT_MESSAGES as MSG, REPORT_MEASURES, SERVICE_TYPES } from '../../../contracts/rules/orders';
import { hasPermission } from '../auth/context';
import { ApiError, Code, ok, refuse } from '../http/envelope';
import { serve } from '../http/contract';
import { JobStopped } from '../jobs/queue';
import { storesOf } from '../repositories/metrics';
import { advisorsOf } from '../repositories/organization';
import { ORDER_ROLLUP_JOB, figures, hasDirty, refreshDirty, requestRollup, sumFigures, type FigureRow } from '../repositories/rollups';
import type { ParsedInputOf } from '../../../contracts/api/route';
import type { Host } from './index';

export const hosts: Host[] = ['main'];

/** How often a running server looks for orders changed behind its back. */
const CATCH_UP_MS = 60_000;

export default async function reportRoutes(app: FastifyInstance) {
  app.jobs.work(ORDER_ROLLUP_JOB, async (_data, job) => {
    while ((await refreshDirty(app.db)) > 0) {
      if (job.stopping()) throw new JobStopped();
    }
  });
  const catchUp = async () => {
    if (await hasDirty(app.db)) await requestRollup(app.jobs);
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void catchUp().catch((error) => app.log.error({ err: error }, 'order rollup catch-up failed'));
    timer = setInterval(() => void catchUp().catch((error) => app.log.warn({ err: error }, 'order rollup catch-up failed')), CATCH_UP_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));

  /** The query as the caller may run it: their stores only, a sane range. */
  async function resolve(input: ParsedInputOf<typeof calls.report>, request: FastifyRequest) {
    if (!hasPermission(request.auth, Permission.dataAnalytics)) throw new ApiError(Code.forbidden, MSG.readRefused);
    const to = input.to ?? today(app.config.timeZone);
    const from = input.from ?? addDays(to, -29);
    if (from > to) throw refuse.badInput(MSG.rangeBackwards);
    if (daysBetween(from, to) >= MAX_REPORT_DAYS) throw refuse.badInput(MSG.rangeTooLong);
    const visible = request.scope.storeIds;
    const storeIds = input.storeIds?.length ? input.storeIds.filter((id) => request.scope.canSeeStore(id)) : visible;
    const query = { chainId: request.scope.chainId, storeIds, from, to, advisor: input.advisor || undefined, serviceType: input.serviceType };
    return { query, groupBy: input.groupBy, visible };
  }

  serve(app, calls.report, async (input, request) => {
    const { query, groupBy, visible } = await resolve(input, request);
    const [rows, stores, advisors] = await Promise.all([
      figures(app.db, { ...query, groupBy }),
      storesOf(app.db, query.chainId, visible),
      advisorsOf(app.db, query.chainId, query.storeIds),
    ]);
    const names = [...new Set(advisors.map((advisor) => advisor.name))];
    return ok({ from: query.from, to: query.to, groupBy, rows, total: sumFigures(rows), stores, advisors: names });
  });

  serve(app, calls.reportExport, async (input, request, reply) => {
    const { query, groupBy, visible } = await resolve(input, request);
    const [rows, stores] = await Promise.all([figures(app.db, { ...query, groupBy }), storesOf(app.db, query.chainId, visible)]);
    const total = sumFigures(rows);
    const filters = [
      `统计区间：${query.from} 至 ${query.to}`,
      `门店：${query.storeIds.length === visible.length ? '全部' : stores.filter((s) => query.storeIds.includes(s.id)).map((s) => s.name).join('、') || '无'}`,
      ...(query.advisor ? [`服务顾问：${query.advisor}`] : []),
      ...(query.serviceType ? [`服务类型：${SERVICE_TYPES[query.serviceType]}`] : []),
    ];
    const bytes = await reportXlsx(REPORT_GROUPS[groupBy], rows, total, filters);
    return download(reply, `数据报表-${REPORT_GROUPS[groupBy]}-${query.from}至${query.to}.xlsx`, bytes);
  });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function download(reply: FastifyReply, fileName: string, body: Buffer) {
  reply.header('content-type', XLSX_TYPE);
  reply.header('content-disposition', `attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  reply.header('cache-control', 'no-store');
  return reply.send(body);
}

const yuan = (fen: number | null) => (fen === null ? null : fen / 100);
const percent = (bp: number | null) => (bp === null ? null : bp / 10_000);

/** One sheet: the filters, a header row, one row per group, the total. Text goes through safeCell. */
async function reportXlsx(groupTitle: string, rows: FigureRow[], total: Omit<FigureRow, 'key' | 'label'>, filters: string[]): Promise<Buffer> {
  const book = new (await loadExcelJS()).Workbook();
  book.creator = '门店管家';
  const sheet = book.addWorksheet('数据报表');
  for (const line of filters) sheet.addRow([safeCell(line)]);
  sheet.addRow([]);
  const m = REPORT_MEASURES;
  const header = sheet.addRow([
    groupTitle, `${m.revenueFen.name}（元）`, `${m.labourFen.name}（元）`, `${m.partsFen.name}（元）`, m.orders.name, `${m.ticketFen.name}（元）`,
    `${m.customers.name}（${m.customers.unit}）`, m.newCustomers.name, m.returningCustomers.name, m.retention.name,
  ]);
  header.font = { bold: true };
  const line = (label: string, f: Omit<FigureRow, 'key' | 'label'>) =>
    [safeCell(label), yuan(f.revenueFen), yuan(f.labourFen), yuan(f.partsFen), f.orders, yuan(f.ticketFen), f.customers, f.newCustomers, f.returningCustomers, percent(f.retention)];
  for (const row of rows) sheet.addRow(line(row.label, row));
  const sum = sheet.addRow(line('合计', total));
  sum.font = { bold: true };
  sheet.getColumn(1).width = 16;
  for (const col of [2, 3, 4, 6]) sheet.getColumn(col).numFmt = '#,##0.00';
  sheet.getColumn(10).numFmt = '0.0%';
  for (let col = 2; col <= 10; col++) sheet.getColumn(col).width = 14;
  return Buffer.from(await book.xlsx.writeBuffer());
}
