/** Texts of <garage-help-center> (帮助中心). */
export const messages = {
  title: '帮助中心',
  subtitle: '搜索或按分类浏览门店管家的使用说明。',
  search: '搜索帮助',
  searchPlaceholder: '如：标签、一次性密码、外呼',
  found: (count: number, keyword: string) => `找到 ${count} 篇与「${keyword}」有关的文章`,
  none: (keyword: string) => `没有找到与「${keyword}」有关的帮助`,
  noneHint: '换个说法试试，例如用「分组」代替「客户群」；或清空搜索浏览全部文章。',
  clearSearch: '清空搜索',
  back: '返回全部帮助',
  loadFailed: '帮助文章加载失败',
  articleFailed: '这篇帮助文章加载失败',
  retry: '重试',
  openArticle: (title: string) => `打开「${title}」`,
};
