/** Every user-visible string of <garage-maint-timeline>. */
import { fenFromYuan, formatDaysAway, formatKm, formatMoney, formatNumber } from '../core/formats';

const km = formatKm;
/** Prices arrive in yuan (the spec's s4Price / zxcPrice). */
const yuan = (value: number) => formatMoney(fenFromYuan(value));

export const messages = {
  title: '保养时间轴',
  legendMaintenance: '保养',
  legendRepair: '维修 / 换件',
  legendFuture: '预计',
  kind: {
    pastMaintenance: '保养',
    pastRepair: '维修',
    futureMaintenance: '预计保养',
    futureRepair: '更换提醒',
  },
  nextBadge: '下次保养',
  lastBadge: '上次保养',
  overdue: '已到期，建议尽快到店',
  dueIn: (days: number) => (days <= 0 ? '今天到期' : days === 1 ? '明天' : days < 60 ? formatDaysAway(days) : days < 365 ? `约 ${Math.round(days / 30.4)} 个月后` : `约 ${Math.floor(days / 365)} 年后`),
  daysAgo: (days: number) => (days <= 0 ? formatDaysAway(0) : days < 31 ? formatDaysAway(-days) : days < 365 ? `${Math.round(days / 30.4)} 个月前` : `${Math.floor(days / 365)} 年前`),
  estimatedDate: (date: string) => `预计 ${date}`,
  noDate: '日期未记录',
  mileage: km,
  aboutMileage: (value: number) => `约 ${km(value)}`,
  noMileage: '里程未记录',
  interval: (value: number) => `距上次 ${km(value)}`,
  now: '今天',
  nowMileage: (value: number) => `当前约 ${km(value)}`,
  kmPerDay: (value: number) => `日均 ${formatNumber(value, 1)} 公里`,
  s4Price: '4S店参考价',
  ourPrice: '本店价格',
  paid: '本店实付',
  saving: (value: number) => `为您节省 ${yuan(value)}`,
  savedPast: (value: number) => `比4S店节省 ${yuan(value)}`,
  money: yuan,
  items: {
    maintenance: (count: number) => `保养项目 ${count} 项`,
    repair: (count: number) => `维修项目 ${count} 项`,
    alert: (count: number) => `更换配件 ${count} 项`,
  },
  noItems: '未登记项目',
  showEarlier: (count: number) => `查看更早的 ${count} 条记录`,
  showLess: '收起更早的记录',
  summary: (past: number, future: number) => `历史 ${past} 次 · 待办 ${future} 项`,
  plan: (name: string) => `依据：${name}`,
  empty: '暂无保养记录',
  emptyHint: '车辆到店保养或维修后，记录会显示在这里。',
  noVehicle: '请选择车辆',
  loading: '正在加载保养时间轴…',
  loadFailed: '保养时间轴加载失败',
  retry: '重试',
} as const;
