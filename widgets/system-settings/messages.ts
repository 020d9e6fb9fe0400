/** Texts of <garage-system-settings> (系统设置). */
export const messages = {
  title: '系统设置',
  subtitle: (garage: string) => `以下设置对「${garage}」生效，保存后已登录的员工 5 秒内看到变化。`,
  display: '显示',
  table: '表格',
  flags: {
    isShowPrice: { label: '显示价格', help: '关闭后，保养时间轴、车辆全景和客户列表中的金额与报价对员工隐藏。' },
    isShowDiagnostic: { label: '显示诊断表', help: '控制车辆诊断表入口是否对员工显示。' },
    isShowPhone: { label: '显示客户完整手机号', help: '关闭后，服务器只下发 138****0000 形式的号码，拨号仍可使用网络电话。' },
    isShowAll: { label: '员工可查看全部客户', help: '关闭后，员工只看到自己负责的客户；管理员不受影响。' },
    salesman: { label: '显示销售顾问', help: '在客户与工单中显示负责的销售顾问。' },
  },
  pageSizeTitle: '表格分页',
  pageSizeShort: '每页',
  pageSizeHelp: '客户列表等表格默认每页显示的条数。',
  pageSizeOption: (size: number) => `${size} 条/页`,
  saved: (label: string, on: boolean) => `已${on ? '开启' : '关闭'}「${label}」`,
  pageSizeSaved: (size: number) => `每页显示 ${size} 条`,
  readOnly: '您可以查看这些设置；修改需要「设置中心」权限。',
  loadFailed: '设置加载失败',
  retry: '重试',
};
