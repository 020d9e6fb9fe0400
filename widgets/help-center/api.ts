/** Server calls of 帮助中心 (server/src/routes/help.ts); answers typed by contracts/api/help.ts. */
import { http } from '../core';
import type { AnswerOf } from '../../contracts/api/route';
import type { helpArticle, helpArticles } from '../../contracts/api/help';

export type HelpEntry = AnswerOf<typeof helpArticles>[number];
export type HelpArticle = AnswerOf<typeof helpArticle>;

export const helpApi = {
  /** Silent: the widget says a failure in place instead of a toast. */
  search: (keyword: string) => http.main.get<HelpEntry[]>('/help/articles', { params: keyword ? { keyword } : {}, silent: true }),
  article: (slug: string) => http.main.get<HelpArticle>('/help/article', { params: { slug }, silent: true }),
};
