/** Every user-visible string of <garage-version-notice>. */
export const messages = {
  title: '发现新版本',
  body: '门店管家已发布新版本，页面将自动刷新以使用最新功能。请及时保存正在编辑的内容。',
  releasedAt: '发布时间',
  countdown: (left: string) => `${left}后自动刷新`,
  refreshNow: '立即刷新',
  later: '稍后',
  pill: (left: string) => `新版本 · ${left}后刷新`,
} as const;
