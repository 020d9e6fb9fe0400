/** Texts of 智慧大屏 (<garage-big-screen>). */
import { formatMoney, formatNumber } from '../core/formats';
import { REPORT_MEASURES } from '../../contracts/rules/orders';

// Today's and the trend's figures are 数据报表's (the same order rollup), under its names (issue 33).
const { orders, newCustomers } = REPORT_MEASURES;

/** 12.3万 above ten thousand yuan, else ¥1,234: what a TV across the shop can show in one line. */
function bigMoney(fen: number): string {
  const yuan = fen / 100;
  return yuan >= 10_000 ? `¥${formatNumber(yuan / 10_000, 1)}万` : formatMoney(Math.round(yuan) * 100).replace(/\.00$/, '');
}

export const messages = {
  title: (chain: string) => `${chain ? `${chain} · ` : ''}智慧大屏`,
  updatedAt: (time: string) => `更新于 ${time}`,
  fullScreen: '全屏',
  exitFullScreen: '退出全屏',
  tiles: { revenueToday: '今日营业额', revenueMonth: '本月营业额', ordersToday: `今日${orders.name}`, ordersInProgress: '在修工单', newCustomersToday: `今日${newCustomers.name}` },
  bigMoney,
  count: (n: number) => formatNumber(n),
  trend: `近 30 天营业额与${orders.name}`,
  revenue: '营业额（元）',
  orders: orders.name,
  ranking: '本月门店排名',
  stages: '客户阶段',
  stageNames: { new: '新客', active: '活跃', sleeping: '沉睡', lost: '流失' },
  noStores: '暂无门店数据',
  loading: '正在加载大屏数据…',
  chartsLoading: '图表加载中…',
  loadFailed: '大屏数据加载失败，稍后自动重试',
  refused: '您没有「智慧大屏」权限，请联系管理员开通。',
  weekdays: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
} as const;
