/**
 * 帮助中心: what server and widgets agree on about help articles (docs/help/*.md), zod-free so the
 * widgets carry no zod. The server renders the Markdown; widgets show the HTML it answers.
 */

/** An article's address: its file name in docs/help/ without `.md`. */
export const HELP_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The areas articles are grouped under, in the order the help centre lists them. */
export const HELP_AREAS = ['入门', '客户', '营销', '保险', '设置中心', '商城', '网络电话', '嵌入与对接'] as const;
export type HelpArea = (typeof HELP_AREAS)[number];

/** Longest search text the help centre accepts. */
export const HELP_KEYWORD_MAX = 50;

export const HELP_MESSAGES = {
  notFound: '没有找到这篇帮助文章，它可能已改名或删除',
} as const;

/** Where a 查看使用帮助 link of the host app opens one article (host-app/src/pages/HelpsPage.tsx). */
export const helpPath = (slug: string): string => `/helps#${slug}`;
