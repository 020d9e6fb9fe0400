/**
 * The help centre's articles: docs/help/*.md, each with a front matter of `title`, `area`,
 * `keywords` (comma separated) and optional `order`. Rendered once (load.ts reads the files when
 * the server starts; a broken article stops the start with its file name), then searched in
 * memory: a few dozen short articles need no index. No Node imports here, so the stories render
 * the same articles in the browser.
 */
import { HELP_AREAS, HELP_SLUG_PATTERN } from '../../../contracts/rules/help';
import { plainText, renderMarkdown } from './markdown';

export interface HelpArticle {
  slug: string;
  title: string;
  area: string;
  keywords: string[];
  order: number;
  html: string;
  /** The text a reader sees, for search and excerpts. */
  text: string;
  /** The first paragraph's text: the excerpt when the search did not match the text. */
  intro: string;
}

export function parseHelpArticle(slug: string, source: string): HelpArticle {
  if (!HELP_SLUG_PATTERN.test(slug)) throw new Error(`docs/help/${slug}.md: file names are lower-case letters, digits and dashes`);
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n?/g, '\n'));
  if (!match) throw new Error(`docs/help/${slug}.md: front matter (--- title / area / keywords ---) missing`);
  const fields = new Map<string, string>();
  for (const line of match[1].split('\n')) {
    const field = /^(\w+):\s*(.*)$/.exec(line.trim());
    if (field) fields.set(field[1], field[2].trim());
  }
  const title = fields.get('title');
  const area = fields.get('area') ?? '';
  if (!title) throw new Error(`docs/help/${slug}.md: title missing`);
  if (!(HELP_AREAS as readonly string[]).includes(area)) throw new Error(`docs/help/${slug}.md: area must be one of ${HELP_AREAS.join(', ')}`);
  const keywords = (fields.get('keywords') ?? '').split(/[,，、]/).map((word) => word.trim()).filter(Boolean);
  const body = match[2];
  return { slug, title, area, keywords, order: Number(fields.get('order') ?? 100), html: renderMarkdown(body), text: plainText(body), intro: plainText(body.trim().split(/\n\s*\n/)[0]) };
}

/** By area in HELP_AREAS order, then `order`, then name. */
export function sortHelpArticles(articles: HelpArticle[]): HelpArticle[] {
  const areaRank = (area: string) => (HELP_AREAS as readonly string[]).indexOf(area);
  return [...articles].sort((a, b) => areaRank(a.area) - areaRank(b.area) || a.order - b.order || a.slug.localeCompare(b.slug));
}

const EXCERPT_LENGTH = 60;

/** The passage around the first match, else the article's first paragraph. */
function excerpt(article: HelpArticle, term: string | undefined): string {
  const { text, intro } = article;
  const at = term ? text.toLowerCase().indexOf(term) : -1;
  if (at < 0) return intro.length > EXCERPT_LENGTH ? `${intro.slice(0, EXCERPT_LENGTH)}…` : intro;
  const start = Math.max(0, at - 20);
  const end = Math.min(text.length, at + term!.length + 40);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/**
 * Articles holding every word of `keyword` (spaces separate words; Chinese is matched as a
 * substring, Latin letters ignoring case) in title, keywords or text; the title counts most.
 */
export function searchHelp(articles: HelpArticle[], keyword = '') {
  const terms = keyword.toLowerCase().split(/\s+/).filter(Boolean);
  const scored = articles.flatMap((article, index) => {
    const title = article.title.toLowerCase();
    const keywords = article.keywords.map((word) => word.toLowerCase());
    const text = article.text.toLowerCase();
    let score = 0;
    for (const term of terms) {
      // 「标签」: the article titled 标签管理 before the one whose title mentions 标签页.
      const inTitle = title.startsWith(term) ? 6 : title.includes(term) ? 4 : 0;
      const inKeywords = keywords.includes(term) ? 3 : keywords.some((word) => word.includes(term)) ? 2 : 0;
      const points = inTitle + inKeywords + (text.includes(term) ? 1 : 0);
      if (points === 0) return [];
      score += points;
    }
    const inText = terms.find((term) => text.includes(term));
    return [{ article, index, score, excerpt: excerpt(article, inText) }];
  });
  return scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ article, excerpt: passage }) => ({ slug: article.slug, title: article.title, area: article.area, keywords: article.keywords, excerpt: passage }));
}
