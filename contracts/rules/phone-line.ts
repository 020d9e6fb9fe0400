/**
 * Phone lines (网络电话, 系统设置 › 电话线路): the extension a staff member dials from is their SIP
 * user on the signalling server. zod-free: the provisioning contract, the demo line and the
 * 开通 dialog read the same rules.
 */

/** What Kamailio accepts as a SIP user: the extension's characters. */
export const EXTENSION_PATTERN = /^[A-Za-z0-9_.+-]{1,64}$/;
export const EXTENSION_RULE = '分机号只能包含字母、数字和 _.+-';

/** The extension offered for a staff member: 8 and their id in three digits (陈总, id 1: 8001), as the demo's lines. */
export const defaultExtension = (userId: number | string): string => `8${String(userId).padStart(3, '0')}`;

export const PHONE_LINE_MESSAGES = {
  staffMissing: '请选择要开通电话线路的员工',
  staffNotFound: '该员工不存在',
  // The same whether this chain or another holds it: it tells nothing about other chains' staff.
  extensionTaken: '该分机号不可用，请换一个分机号',
  noLine: '该员工没有电话线路',
  passwordMissing: '请填写线路密码',
} as const;
