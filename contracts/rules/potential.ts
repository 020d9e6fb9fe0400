/**
 * 潜在客户 (issue 13): the follow-up statuses of a lead and which changes staff may make by hand.
 * Zod-free, so the widget offers exactly the choices the server accepts.
 *
 *   待跟进 ──跟进──▶ 跟进中 ──到店（同手机号或车牌）/转为客户──▶ 已到店 (final: the lead is a customer now)
 *      └──────────┴──标记无效（须填写原因）──▶ 无效 ──再次跟进──▶ 跟进中
 *
 * 已到店 is never chosen by hand: only a visit (a customer with the same mobile or plate) or
 * 转为客户 sets it, so every 已到店 lead is linked to the customer it became.
 */
export const POTENTIAL_STATUSES = ['pending', 'following', 'visited', 'invalid'] as const;
export type PotentialStatus = (typeof POTENTIAL_STATUSES)[number];

export const POTENTIAL_STATUS_LABELS: Record<PotentialStatus, string> = {
  pending: '待跟进',
  following: '跟进中',
  visited: '已到店',
  invalid: '无效',
};

/** The statuses a follow-up may leave a lead in. */
export const FOLLOW_UP_STATUSES = ['pending', 'following', 'invalid'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

/** The follow-up row written when a lead visits and becomes a customer. */
export const CONVERTED_NOTE = '到店，已转为客户';

/** Sources offered when typing a lead in; any other text is accepted too (imports bring their own). */
export const POTENTIAL_SOURCES = ['电话咨询', '到店咨询', '朋友推荐', '美团/大众点评', '抖音', '线下活动', '批量导入'] as const;

export const POTENTIAL_LIMITS = { name: 32, source: 20, intent: 40, remark: 200, note: 500, bulk: 500, pageSize: 100 } as const;

export const POTENTIAL_MESSAGES = {
  changedByOthers: '已被他人修改，请刷新后再试',
  notFound: '潜在客户不存在或不在你的数据范围内',
  converted: '该潜在客户已转为客户，请在客户档案中继续跟进',
  nameOrMobile: '姓名和手机号至少填写一项',
  invalidNeedsReason: '标记无效时请填写原因',
  ownerNotStaff: '负责人须为该潜在客户所在门店的员工',
  notYours: '只能跟进分配给自己的潜在客户；跟进其他潜在客户需要「客户导入」权限',
  alreadyLead: (status: string) => `该手机号或车牌已在潜在客户中（${status}）`,
  alreadyCustomer: '该手机号或车牌已是本连锁的客户，无需再登记为潜在客户',
} as const;

/** Why a follow-up may not leave the lead in `to`, or null. */
export function followUpProblem(from: PotentialStatus, to: FollowUpStatus, note: string): string | null {
  if (from === 'visited') return POTENTIAL_MESSAGES.converted;
  if (to === 'invalid' && note.trim() === '') return POTENTIAL_MESSAGES.invalidNeedsReason;
  return null;
}

/** A lead whose next follow-up day has come (today included) and is still open. */
export function isFollowUpDue(lead: { status: PotentialStatus; nextFollowUp: string | null }, today: string): boolean {
  return lead.nextFollowUp !== null && lead.nextFollowUp <= today && (lead.status === 'pending' || lead.status === 'following');
}

/** Overdue: the day has passed (not today). Shown in red. */
export function isFollowUpOverdue(lead: { status: PotentialStatus; nextFollowUp: string | null }, today: string): boolean {
  return isFollowUpDue(lead, today) && lead.nextFollowUp! < today;
}
