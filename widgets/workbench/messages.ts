/** Texts of 工作台 (<garage-workbench>). */
import { formatMoney, formatNumber } from '../core/formats';
import { TASK_KIND_NAMES, TASK_RESULT_NAMES, TASK_VIEW_NAMES } from '../../contracts/rules/workbench';
import { REPORT_MEASURES } from '../../contracts/rules/orders';

// The day's figures are 数据报表's (the same order rollup), so they carry its names: 到店台次, not 工单数 (issue 33).
const { revenueFen, orders, newCustomers, ticketFen } = REPORT_MEASURES;

export const messages = {
  greeting: (hour: number, name: string) => `${hour < 11 ? '早上好' : hour < 13 ? '中午好' : hour < 18 ? '下午好' : '晚上好'}${name ? `，${name}` : ''}`,
  today: (day: string, weekday: string) => `今天是 ${day} ${weekday}`,
  weekdays: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  views: TASK_VIEW_NAMES,
  kinds: TASK_KIND_NAMES,
  figuresTitle: '今日经营',
  figures: { revenueFen: revenueFen.name, orders: orders.name, newCustomers: newCustomers.name, ticketFen: ticketFen.name },
  money: formatMoney,
  count: (n: number) => formatNumber(n),
  vsYesterday: '较昨日',
  vsLastWeek: '较上周同日',
  noCompare: '—',
  change: (percent: number) => `${percent > 0 ? '+' : ''}${percent}%`,
  leadsDue: (n: number) => `潜在客户：${n} 位今天该跟进了 →`,
  tasksTitle: '今日任务',
  all: '全部',
  doneToday: (n: number) => `今日已完成 ${n} 条`,
  openCount: (n: number) => `待办 ${n} 条`,
  doneTab: '今日已完成',
  pageOf: (page: number, pages: number, total: number) => `第 ${page}/${pages} 页，共 ${total} 条`,
  previous: '上一页',
  next: '下一页',
  noneDone: '今天还没有完成的任务',
  noTasks: '今天的任务都处理完了',
  noTasksHint: '新的保养、保险、生日提醒和流失回访会在每天早上自动生成。',
  call: '打电话',
  callMasked: '本店隐藏了客户手机号，不能外呼',
  sms: '发短信',
  done: '完成',
  doneToast: (name: string, nextOn: string | null) => `已完成：${name}${nextOn ? `；${nextOn} 预约跟进` : ''}`,
  undo: '撤销',
  undoHint: '今天完成的任务，完成人或店长可以撤销',
  undoneToast: (name: string) => `已撤销，任务回到待办：${name}`,
  results: TASK_RESULT_NAMES,
  doneBy: (by: string | null, at: string) => `${by ?? '—'} ${at} 完成`,
  finish: {
    title: (name: string) => `完成任务 · ${name}`,
    result: '联系结果',
    pickResult: '请选择联系结果',
    note: '跟进记录',
    notePlaceholder: '如：客户周六上午到店保养',
    next: '下次跟进日期（选填）',
    nextHelp: '到这一天会生成一条预约跟进任务',
    confirm: '完成',
  },
  alreadyDone: (by: string | null) => `这条任务已由${by ?? '他人'}完成`,
  openCustomer: (name: string) => `查看客户 ${name}`,
  due: {
    maintenance: (when: string) => `保养到期 ${when}`,
    insurance: (when: string) => `保险到期 ${when}`,
    birthday: (when: string) => `生日 ${when}`,
    lost: (lastVisit: string | null) => (lastVisit ? `最近到店 ${lastVisit}，已转为流失` : '已转为流失'),
    follow_up: (when: string) => `约定今天回访（${when}）`,
  },
  assignee: (name: string | null) => (name ? `顾问 ${name}` : '未分配顾问'),
  shortcutsTitle: '常用功能',
  loading: '正在加载…',
  loadFailed: '工作台加载失败',
  retry: '重试',
  figuresFailed: '今日经营数据暂时无法加载',
} as const;

/** Frequent pages; one without the permission is not offered (the server would refuse it anyway). */
export const SHORTCUTS: { path: string; title: string; icon: string; permission?: number }[] = [
  { path: '/home/externalmanage', title: '客户列表', icon: 'people' },
  { path: '/home/clientskanban', title: '客户看板', icon: 'kanban' },
  { path: '/home/clientspano', title: '全景车辆', icon: 'car-front' },
  { path: '/home/potentialClient', title: '潜在客户', icon: 'person-plus', permission: 5 },
  { path: '/home/sms/smsWork', title: '短信营销', icon: 'chat-dots', permission: 11 },
  { path: '/home/insurance', title: '保险查询', icon: 'shield-check', permission: 15 },
  { path: '/home/shop/insurance-quote', title: '保险报价', icon: 'calculator', permission: 15 },
  { path: '/home/dataReport', title: '数据报表', icon: 'bar-chart', permission: 13 },
  { path: '/home/clientKanBan', title: '智慧大屏', icon: 'display', permission: 18 },
  { path: '/home/organization/customerOperations', title: '客户运营', icon: 'sliders', permission: 13 },
];
