/**
 * 帮助中心 without a server: the real articles of docs/help/, parsed, rendered and searched in the
 * browser by the server's own code (server/src/help/articles.ts has no Node imports), answered as
 * encrypted envelopes; every other call goes to the customer fixture.
 */
import { encryptText } from '../widgets/core/crypto/cipher';
import { HELP_MESSAGES } from '../contracts/rules/help';
import { parseHelpArticle, searchHelp, sortHelpArticles } from '../server/src/help/articles';
import { installCustomerFixture } from './customer-fixtures';

const sources = import.meta.glob<string>('../docs/help/*.md', { query: '?raw', import: 'default', eager: true });
const ARTICLES = sortHelpArticles(Object.entries(sources).map(([file, source]) => parseHelpArticle(file.split('/').pop()!.slice(0, -3), source)));

function answer(path: string, search: URLSearchParams) {
  if (path === '/help/articles') return { code: 0, msg: 'ok', data: searchHelp(ARTICLES, search.get('keyword') ?? '') };
  const article = ARTICLES.find((entry) => entry.slug === search.get('slug'));
  if (!article) return { code: 404, msg: HELP_MESSAGES.notFound, data: null };
  const { slug, title, area, keywords, html } = article;
  return { code: 0, msg: 'ok', data: { slug, title, area, keywords, html } };
}

export function installHelpFixture() {
  const uninstallCustomers = installCustomerFixture();
  const customerFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    if (!url.pathname.startsWith('/api/help/')) return customerFetch(input, init);
    const envelope = answer(url.pathname.slice(4), url.searchParams);
    return new Response(encryptText(JSON.stringify(envelope)), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = customerFetch;
    uninstallCustomers();
  };
}
