/**
 * 客户分析 (issue 17, /home/shop/customer-analysis): new-customer cohorts and their return month by
 * month, customer stages (新客/活跃/沉睡/流失, the board's rule and the chain's 客户运营 days) per store, customers newly
 * lost per month, and the spend distribution. Needs 数据 (Permission.dataAnalytics) and the
 * 客户分析 add-on (customer_analysis); figures cover only the stores the caller sees (a store
 * manager: their own store), a store filter outside the scope is dropped. 口径: contracts/rules/customer-analysis.ts.
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { idList, pattern } from '../fields';
import { ANALYSIS_MESSAGES } from '../rules/customer-analysis';

const call = apiCalls('客户分析');

const month = (label: string) => pattern(label, /^(19|20)\d{2}-(0[1-9]|1[0-2])$/, ANALYSIS_MESSAGES.month(label), { max: 7 });
/** '' (an empty query parameter) counts as absent. */
const storeFilter = z.preprocess((value) => (value === '' ? undefined : value), idList('门店', { max: 500 }).optional());

export const analysis = call({
  method: 'GET',
  path: '/customer-analysis',
  summary: '客户分析：新客月度队列与逐月回店、客户阶段（新客/活跃/沉睡/流失）、每月新增流失、消费金额分布',
  heavy: true,
  input: z.object({ from: month('开始月份'), to: month('结束月份'), storeIds: storeFilter }),
  answer: z.object({
    /** The day stages are taken at: the range's last day, or today while that month runs. */
    asOf: z.string(),
    /** One row per cohort month in the range: its size and, for k = 0 … months elapsed, customers who came in month +k. */
    cohorts: z.array(z.object({ month: z.string(), customers: z.number(), returned: z.array(z.number()) })),
    stages: z.object({
      thresholds: z.object({ newWithinDays: z.number(), activeWithinDays: z.number(), sleepingWithinDays: z.number() }),
      /** The board's stages (contracts/rules/customer.ts) of each store's customers at `asOf`. */
      byStore: z.array(z.object({ storeId: z.number(), storeName: z.string(), new: z.number(), active: z.number(), sleeping: z.number(), lost: z.number() })),
      totals: z.object({ new: z.number(), active: z.number(), sleeping: z.number(), lost: z.number() }),
      /** Customers who crossed into 流失 in each month of the range. */
      newlyLost: z.array(z.object({ month: z.string(), customers: z.number() })),
    }),
    /** Customers with work orders in the range, by their spend in the range (SPEND_BANDS_FEN). */
    spend: z.object({
      bands: z.array(z.object({ name: z.string(), fromFen: z.number(), toFen: z.number().nullable(), customers: z.number(), totalFen: z.number() })),
      customers: z.number(),
      totalFen: z.number(),
      medianFen: z.number(),
    }),
    stores: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});
