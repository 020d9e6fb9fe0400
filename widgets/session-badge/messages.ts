export const messages = {
  loading: '正在加载账号信息…',
  noStore: '未选择门店',
  headquarters: '总部',
  storeLabel: '当前门店',
  accountLabel: '当前账号',
  unknownUser: '店员',
};
