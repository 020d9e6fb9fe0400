/** Every user-visible string of <garage-customer-board>. */
import { formatNumber } from '../core/formats';
import { LIFECYCLE_RULES } from '../../contracts/rules/customer';

/** The chain's thresholds (客户运营), as GET /client/board answers them; the defaults until it has. */
type Thresholds = { newWithinDays: number; activeWithinDays: number; sleepingWithinDays: number };

export const messages = {
  title: '客户看板',
  subtitle: (total: number) => `共 ${formatNumber(total)} 位客户，按最近到店时间分为四个阶段，点击数字查看客户名单。`,
  stages: {
    new: { label: '新客', advice: '做好首保提醒与回访，促成第二次到店' },
    active: { label: '活跃', advice: '推荐保养套餐、会员储值' },
    sleeping: { label: '沉睡', advice: '发送保养到期、保险续保提醒唤醒' },
    lost: { label: '流失', advice: '电话回访了解原因，定向发放优惠券' },
  },
  rules: ({ newWithinDays, activeWithinDays, sleepingWithinDays }: Thresholds = LIFECYCLE_RULES) => ({
    new: `首次到店在 ${newWithinDays} 天内（或 ${newWithinDays} 天内新建档未到店）`,
    active: `${activeWithinDays} 天内到过店`,
    sleeping: `${activeWithinDays + 1}–${sleepingWithinDays} 天未到店`,
    lost: `超过 ${sleepingWithinDays} 天未到店（或建档后从未到店）`,
  }),
  share: (percent: number) => `占 ${percent}%`,
  byStore: '各门店分布',
  store: '门店',
  total: '合计',
  loadFailed: '看板加载失败',
  retry: '重新加载',
  empty: '暂无客户数据',
  /** Starts with the number on screen, so the name matches what voice control users read out. */
  drillDown: (count: string, stage: string, store: string) => `${count}，查看${store}的${stage}客户`,
};
