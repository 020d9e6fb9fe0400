/**
 * The Markdown of our help articles (docs/help/*.md) as HTML, through markdown-it with raw HTML
 * off: HTML in an article shows as text. A link keeps only our app's paths, other articles and
 * https addresses (markdown-it leaves any other link as the text it was written as).
 *
 * Links: `[文字](help:slug)` opens another article, `[文字](/home/…)` a page of our app,
 * `[文字](https://…)` an outside page in a new tab. Headings: `##` → h3, `###` → h4 (the widget
 * shows the article's title as h2). A line break inside a paragraph stays a line break.
 */
import MarkdownIt from 'markdown-it';

const HELP_LINK = /^help:([a-z0-9-]+)$/;
const OWN_PATH = /^\/(?!\/)[A-Za-z0-9/_\-?=&#.%]*$/;
const HTTPS = /^https:\/\/[A-Za-z0-9.-]+(\/[A-Za-z0-9/_\-?=&#.%~]*)?$/;

const md = new MarkdownIt({ html: false, linkify: false, breaks: true, typographer: false });

md.validateLink = (url) => HELP_LINK.test(url) || OWN_PATH.test(url) || HTTPS.test(url);
// markdown-it would percent-encode `help:slug` and paths; the patterns above already allow only safe characters.
md.normalizeLink = (url) => url;

md.renderer.rules.heading_open = (tokens, index) => `<h${Math.min(6, Number(tokens[index].tag.slice(1)) + 1)}>`;
md.renderer.rules.heading_close = (tokens, index) => `</h${Math.min(6, Number(tokens[index].tag.slice(1)) + 1)}>\n`;

md.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index];
  const href = String(token.attrGet('href') ?? '');
  const help = HELP_LINK.exec(href);
  if (help) {
    token.attrSet('href', `#${help[1]}`);
    token.attrSet('data-help', help[1]);
  } else if (href.startsWith('/')) {
    token.attrSet('data-path', href);
  } else {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return self.renderToken(tokens, index, options);
};

/** HTML of an article body. */
export function renderMarkdown(markdown: string): string {
  return md.render(markdown);
}

/** The words a reader sees, for search and excerpts: marks, link targets and code fences removed. */
export function plainText(markdown: string): string {
  const words: string[] = [];
  for (const block of md.parse(markdown, {})) {
    if (block.type === 'inline') {
      words.push((block.children ?? []).map((token) => (token.type === 'softbreak' || token.type === 'hardbreak' ? ' ' : token.content)).join(''));
    } else if (block.type === 'fence' || block.type === 'code_block') {
      words.push(block.content);
    }
  }
  return words.join(' ').replace(/\s+/g, ' ').trim();
}
