/** Every user-visible text of the core. The HTTP ones are spec section 8's, word for word. */
export const httpMessages = {
  expired: '验证过期，请重新登录！',
  network: '网络出现异常，请联系管理员!',
  timeout: '请求超时，请稍后重试',
  cancelled: '请求已取消',
  failed: '操作失败，请稍后重试',
};

/** A file download the server refused without saying why (widgets/core/http/download.ts). */
export const downloadMessages = {
  failed: '下载失败，请稍后重试',
};

export const uiMessages = {
  loading: '加载中…',
  demo: '演示',
  cancel: '取消',
  signedOut: '请先登录',
  signedOutHint: '登录后这里会显示门店的客户与车辆信息。',
  passwordFirst: '请先修改密码',
  passwordFirstHint: '把一次性密码改为自己的密码后即可使用。',
  goToLogin: '去登录',
  owner: '负责人',
  pickOwner: '请选择负责人',
  assign: '批量分配',
};

/** The date field (widgets/core/ui/date-field.tsx). */
export const dateMessages = {
  placeholder: '年-月-日',
  invalid: '请按 2026-11-23 的格式填写日期',
  tooEarly: (min: string) => `请填写 ${min} 或之后的日期`,
  pick: (field: string) => `选择${field}`,
};
