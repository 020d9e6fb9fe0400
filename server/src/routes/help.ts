/**
 * 帮助中心: the articles of docs/help/, for every signed-in user (no permission: help explains,
 * it changes nothing). Rendered when the server starts; see server/src/help/.
 */
import type { FastifyInstance } from 'fastify';
import * as calls from '../../../contracts/api/help';
import { HELP_MESSAGES, HELP_SLUG_PATTERN } from '../../../contracts/rules/help';
import { searchHelp } from '../help/articles';
import { loadHelpArticles } from '../help/load';
import { ApiError, Code } from '../http/envelope';
import { serve } from '../http/contract';

export default async function helpRoutes(app: FastifyInstance) {
  const articles = loadHelpArticles();
  const bySlug = new Map(articles.map((article) => [article.slug, article]));

  serve(app, calls.helpArticles, (input) => searchHelp(articles, input.keyword));

  serve(app, calls.helpArticle, ({ slug }) => {
    const article = HELP_SLUG_PATTERN.test(slug) ? bySlug.get(slug) : undefined;
    if (!article) throw new ApiError(Code.notFound, HELP_MESSAGES.notFound);
    return { slug: article.slug, title: article.title, area: article.area, keywords: article.keywords, html: article.html };
  });
}
