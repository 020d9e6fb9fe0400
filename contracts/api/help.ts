/** 帮助中心: help articles written as Markdown in docs/help/, rendered and searched by the server. */
import { z } from 'zod';
import { apiCalls } from './route';
import { requiredText, text } from '../fields';
import { HELP_KEYWORD_MAX } from '../rules/help';

const call = apiCalls('帮助中心');

const articleHead = {
  slug: z.string(),
  title: z.string(),
  area: z.string(),
  keywords: z.array(z.string()),
};

export const helpArticles = call({
  method: 'GET',
  path: '/help/articles',
  summary: '帮助文章列表；keyword 在标题、关键词和正文中查找（多个词用空格分开，须都出现）',
  input: z.object({ keyword: text('搜索内容', { max: HELP_KEYWORD_MAX }).optional() }),
  answer: z.array(z.object({
    ...articleHead,
    /** The article's opening, or the passage around the first match in its text. */
    excerpt: z.string(),
  })),
});

export const helpArticle = call({
  method: 'GET',
  // A query parameter like every other call: a path parameter would reach Fastify's own refusals
  // (414 / 400 JSON) for a long or badly encoded slug before our Chinese ones.
  path: '/help/article',
  summary: '一篇帮助文章（已渲染、只含安全 HTML）；不存在时 code 404',
  input: z.object({ slug: requiredText('帮助文章', { max: 64 }) }),
  answer: z.object({ ...articleHead, html: z.string() }),
});
