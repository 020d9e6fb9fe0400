/**
 * 客户分析 (issue 17): what the server computes and the widget shows, named once.
 *
 * - 新客队列 (cohort): a customer belongs to the month of their first work order in the stores in
 *   scope (ever, not just in the range); 回店 in month +k = at least one work order in that month.
 * - 客户阶段 at the reference day (the range's last day, or today while that month runs): the board's
 *   stage (contracts/rules/customer.ts, stageOf) of each customer of the stores, by their home store,
 *   counted by the one SQL home (server/src/repositories/stages.ts). Today it equals 客户看板.
 * - 新增流失 per month: customers whose last work order (as of that month's end) is exactly
 *   沉睡天数 + 1 days old on some day of the month, i.e. who crossed into 流失 that month.
 * - 消费分布: each customer's work-order amounts within the range, counted in SPEND_BANDS.
 */
/** Lower bounds of the spend bands, in fen; the last band is open-ended. */
export const SPEND_BANDS_FEN = [0, 50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000] as const;

/** 「¥0–500」, 「¥500–1,000」 … 「¥20,000 以上」 (yuan, no decimals). */
export function spendBandName(index: number): string {
  const yuan = (fen: number) => (fen / 100).toLocaleString('en-US');
  const low = SPEND_BANDS_FEN[index]!;
  const high = SPEND_BANDS_FEN[index + 1];
  return high === undefined ? `¥${yuan(low)} 以上` : `¥${yuan(low)}–${yuan(high)}`;
}

/** The band a spend falls in (bands include their lower bound). */
export function spendBandOf(fen: number): number {
  let band = 0;
  SPEND_BANDS_FEN.forEach((low, index) => (fen >= low ? (band = index) : undefined));
  return band;
}

/** The longest range one answer covers (a triangle of 24 cohorts). */
export const ANALYSIS_MAX_MONTHS = 24;

export const ANALYSIS_MESSAGES = {
  month: (label: string) => `${label}应为 年-月，如 2026-03`,
  order: '结束月份不能早于开始月份',
  tooLong: `月份区间不能超过 ${ANALYSIS_MAX_MONTHS} 个月`,
  future: '开始月份不能晚于本月',
} as const;

/** 'YYYY-MM' → the number of months between two months (b − a). */
export function monthsBetween(a: string, b: string): number {
  const [ay, am] = a.split('-').map(Number);
  const [by, bm] = b.split('-').map(Number);
  return (by! - ay!) * 12 + (bm! - am!);
}

/** 'YYYY-MM' plus n months. */
export function addMonthsTo(month: string, n: number): string {
  const [year, mon] = month.split('-').map(Number);
  const index = year! * 12 + (mon! - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
