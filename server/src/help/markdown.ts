/**
 * The Markdown of our help articles (docs/help/*.md) as HTML. No Markdown library is installed
 * (docs/DECISIONS.md, 帮助中心), and our own articles need only a small part of it: headings,
 * paragraphs, lists, quotes (提示), fenced code, bold, inline code and links. Safe by construction:
 * every character of the source is escaped before any tag is added, so raw HTML in an article
 * shows as text, and a link keeps only our app's paths, other articles and https addresses.
 *
 * Links: `[文字](help:slug)` opens another article, `[文字](/home/…)` a page of our app,
 * `[文字](https://…)` an outside page in a new tab. Anything else stays plain text.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);

/** Markdown inline marks of one escaped line; code spans first so nothing inside them is formatted. */
function inline(source: string): string {
  const codes: string[] = [];
  let html = escapeHtml(source).replace(/`([^`]+)`/g, (_, code: string) => `\u0000${codes.push(`<code>${code}</code>`) - 1}\u0000`);
  html = html.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  html = html.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, href: string) => link(label, href));
  return html.replace(/\u0000(\d+)\u0000/g, (_, index: string) => codes[Number(index)]);
}

function link(label: string, href: string): string {
  const help = /^help:([a-z0-9-]+)$/.exec(href);
  if (help) return `<a href="#${help[1]}" data-help="${help[1]}">${label}</a>`;
  // Our app's own paths (escaped already: `&` arrives as &amp;, as an attribute wants it).
  if (/^\/[A-Za-z0-9/_\-?=&;#.%]*$/.test(href) && !href.startsWith('//')) return `<a href="${href}" data-path="${href}">${label}</a>`;
  if (/^https:\/\/[A-Za-z0-9.-]+(\/[A-Za-z0-9/_\-?=&;#.%~]*)?$/.test(href)) return `<a href="${href}" target="_blank" rel="noopener noreferrer">${label}</a>`;
  return label;
}

type Block = { kind: 'p' | 'ul' | 'ol' | 'quote'; lines: string[] };

/** HTML of an article body. Headings: `##` → h3, `###` → h4 (the widget shows the title as h2). */
export function renderMarkdown(markdown: string): string {
  const out: string[] = [];
  let block: Block | null = null;
  let fence: string[] | null = null;

  const close = () => {
    if (!block) return;
    if (block.kind === 'p') out.push(`<p>${block.lines.map(inline).join('<br>')}</p>`);
    else if (block.kind === 'quote') out.push(`<blockquote><p>${block.lines.map(inline).join('<br>')}</p></blockquote>`);
    else out.push(`<${block.kind}>${block.lines.map((item) => `<li>${inline(item)}</li>`).join('')}</${block.kind}>`);
    block = null;
  };
  // A function, so TypeScript sees what close() and add() did to it.
  const openBlock = (): Block | null => block;
  const add = (kind: Block['kind'], line: string) => {
    if (block?.kind !== kind) {
      close();
      block = { kind, lines: [] };
    }
    block!.lines.push(line);
  };

  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence) {
      if (/^```/.test(raw)) {
        out.push(`<pre><code>${escapeHtml(fence.join('\n'))}</code></pre>`);
        fence = null;
      } else fence.push(raw);
      continue;
    }
    const line = raw.trimEnd();
    let match: RegExpExecArray | null;
    if (/^```/.test(line)) {
      close();
      fence = [];
    } else if (line.trim() === '') close();
    else if ((match = /^(#{2,3})\s+(.+)$/.exec(line))) {
      close();
      const level = match[1].length + 1;
      out.push(`<h${level}>${inline(match[2])}</h${level}>`);
    } else if ((match = /^[-*]\s+(.+)$/.exec(line))) add('ul', match[1]);
    else if ((match = /^\d+[.、]\s*(.+)$/.exec(line))) add('ol', match[1]);
    else if ((match = /^>\s?(.*)$/.exec(line))) add('quote', match[1]);
    else if (/^\s+\S/.test(line) && (openBlock()?.kind === 'ul' || openBlock()?.kind === 'ol')) {
      // An indented line continues the list item above it.
      const items = openBlock()!.lines;
      items[items.length - 1] += line.trim();
    } else add('p', line.trim());
  }
  if (fence) out.push(`<pre><code>${escapeHtml(fence.join('\n'))}</code></pre>`);
  close();
  return out.join('\n');
}

/** The words a reader sees, for search and excerpts: marks, link targets and code fences removed. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^```.*$/gm, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+|^>\s?|^[-*]\s+|^\d+[.、]\s*/gm, '')
    .replace(/\*\*|`/g, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}
