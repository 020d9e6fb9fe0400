/**
 * 帮助中心 over real HTTP: the articles of docs/help/ for every signed-in user of either chain,
 * search in title, keywords and text, one article's rendered HTML (no script, no handler, no
 * foreign tag), unknown or malformed addresses answered in Chinese (GET /help/article?slug=), and nothing without a login.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { helpArticle, helpArticles } from '../../../contracts/api/help';
import { HELP_MESSAGES } from '../../../contracts/rules/help';
import { HELP_DIR } from '../help/load';
import { findPage } from '../../../host-app/src/routes';
import { startTestServer, type TestServer } from '../../../tests/support/server';

type List = AnswerOf<typeof helpArticles>;
type Article = AnswerOf<typeof helpArticle>;

let server: TestServer;
let frontdesk: string;
let hxAdmin: string;

beforeAll(async () => {
  server = await startTestServer();
  [frontdesk, hxAdmin] = await Promise.all([server.loginToken('frontdesk'), server.loginToken('hx-admin')]);
});
afterAll(() => server?.close());

const search = async (keyword: string | undefined, token = frontdesk) => {
  const answer = await server.call<List>('GET', '/help/articles', { token, query: keyword === undefined ? {} : { keyword } });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
};
const article = (slug: string, token = frontdesk) => server.call<Article>('GET', '/help/article', { token, query: { slug } });

const ARTICLE_FILES = readdirSync(HELP_DIR).filter((file) => file.endsWith('.md'));

describe('the article list', () => {
  it('lists every article of docs/help with a Chinese title, area and opening, to staff of either chain', async () => {
    const all = await search(undefined);
    expect(all.map((entry) => `${entry.slug}.md`).sort()).toEqual([...ARTICLE_FILES].sort());
    for (const entry of all) {
      expect(entry.title, entry.slug).toMatch(/[\u4e00-\u9fa5]/);
      expect(entry.area, entry.slug).toMatch(/[\u4e00-\u9fa5]/);
      expect(entry.excerpt.length, entry.slug).toBeGreaterThan(10);
    }
    expect(await search(undefined, hxAdmin)).toEqual(all);
  });

  it('refuses a visitor without a login', async () => {
    const answer = await server.call('GET', '/help/articles');
    expect(answer.code).toBe(-2);
    expect(answer.msg).toBe('请先登录');
    expect((await server.call('GET', '/help/article', { query: { slug: 'tags' } })).code).toBe(-2);
  });
});

describe('search', () => {
  it('finds 「标签」 in the tag article first, with the passage around the match', async () => {
    const found = await search('标签');
    expect(found[0].slug).toBe('tags');
    expect(found.map((entry) => entry.slug)).toEqual(expect.arrayContaining(['customer-list', 'board']));
    expect(found.every((entry) => entry.excerpt.includes('标签'))).toBe(true);
  });

  it('matches keywords and body text, every word of several, Latin letters in any case', async () => {
    // 「一次性密码」 is a keyword of the login and authority articles.
    expect((await search('一次性密码')).map((entry) => entry.slug).sort()).toEqual(['login', 'user-auth']);
    // Only in the body of the panorama article.
    expect((await search('雨刮')).map((entry) => entry.slug)).toEqual(['vehicle-panorama']);
    expect((await search('vin')).map((entry) => entry.slug)).toEqual(expect.arrayContaining(['customer-list', 'vehicle-panorama']));
    expect(await search('vin')).toEqual(await search('VIN'));
    const both = await search('麦克风 余额');
    expect(both.map((entry) => entry.slug)).toEqual(['web-phone']);
    expect(await search('麦克风 合并标签')).toEqual([]);
    expect(await search('找不到的内容xyz')).toEqual([]);
  });

  // The settings-centre pages each have an article; a garage's word for the page finds it first.
  const FIRST: [string, string][] = [
    ['门店', 'store-basics'],
    ['营业执照', 'store-basics'],
    ['部门', 'org-structure'],
    ['岗位', 'job-pool'],
    ['沉睡天数', 'customer-operations'],
    ['跟进任务', 'customer-operations'],
    ['指标', 'metrics-lib'],
    ['目标', 'metrics-tree'],
    ['ERP', 'system-settings'],
    ['erp', 'system-settings'],
    ['续保', 'insurance'],
    ['保险公司费率', 'insurance'],
  ];
  for (const [word, slug] of FIRST) {
    it(`finds 「${word}」 in ${slug} first`, async () => {
      const found = await search(word);
      expect(found[0]?.slug, found.map((entry) => entry.slug).join(' ')).toBe(slug);
      expect(found[0].excerpt.toLowerCase()).toContain(word.toLowerCase());
    });
  }

  it('finds 「沉睡」 in the board first (what the stage means, where its customers are), then where its days are set and counted', async () => {
    const found = (await search('沉睡')).map((entry) => entry.slug);
    expect(found[0]).toBe('board');
    expect(found).toEqual(expect.arrayContaining(['customer-operations', 'metrics-lib']));
  });

  it('treats markup in a search as text and answers bad input in Chinese, never a 500', async () => {
    expect(await search('<script>')).toEqual([]);
    expect(await search('   ')).toEqual(await search(undefined));
    const tooLong = await server.call('GET', '/help/articles', { token: frontdesk, query: { keyword: '标'.repeat(51) } });
    expect(tooLong.code).toBe(400);
    expect(tooLong.msg).toBe('搜索内容不能超过 50 个字');
    const nul = await server.call('GET', '/help/articles', { token: frontdesk, query: { keyword: 'a\u0000b' } });
    expect(nul.code).toBe(400);
    expect(nul.msg).toContain('搜索内容');
  });
});

describe('one article', () => {
  it('answers the tag article rendered, with links to other articles and pages of the app', async () => {
    const answer = await article('tags');
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toMatchObject({ slug: 'tags', title: '标签管理：给客户打标签', area: '客户' });
    expect(answer.data.keywords).toContain('合并标签');
    expect(answer.data.html).toContain('<h3>给客户打标签</h3>');
    expect(answer.data.html).toContain('data-help="customer-list"');
  });

  it('sends no script, event handler, style or foreign tag in any article', async () => {
    const allowed = new Set(['p', 'br', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'strong', 'code', 'pre', 'a']);
    for (const file of ARTICLE_FILES) {
      const answer = await article(file.slice(0, -3));
      expect(answer.code, file).toBe(0);
      const { html } = answer.data;
      expect(html, file).not.toMatch(/<script|javascript:|\son\w+=|<style|style=/i);
      for (const [, tag] of html.matchAll(/<\/?([a-z0-9]+)/gi)) expect(allowed.has(tag), `${file}: <${tag}>`).toBe(true);
    }
    // The embedding article shows a script tag as code, escaped.
    const embedding = await article('embedding');
    expect(embedding.data.html).toContain('&lt;script type=&quot;module&quot;');
  });

  it('links only to articles that exist and to pages of the app', async () => {
    const slugs = new Set(ARTICLE_FILES.map((file) => file.slice(0, -3)));
    for (const file of ARTICLE_FILES) {
      const { html } = (await article(file.slice(0, -3))).data;
      for (const [, target] of html.matchAll(/data-help="([^"]+)"/g)) expect(slugs.has(target), `${file} → help:${target}`).toBe(true);
      for (const [, target] of html.matchAll(/data-path="([^"]+)"/g)) expect(findPage(target.split(/[?#]/)[0]), `${file} → ${target}`).toBeDefined();
    }
    // Each settings-centre article opens its page and leads on to a related article.
    const pages: Record<string, string> = {
      'store-basics': '/home/organization/storeBasics',
      'org-structure': '/home/organization/organizationalStructure',
      'job-pool': '/home/organization/jobPool',
      'customer-operations': '/home/organization/customerOperations',
      'metrics-lib': '/home/organization/metricsLib',
      'metrics-tree': '/home/organization/metricsTree',
      'system-settings': '/home/organization/settings',
      'user-auth': '/home/organization/userAuth',
    };
    for (const [slug, page] of Object.entries(pages)) {
      const answer = await article(slug);
      expect(answer.data.area, slug).toBe('设置中心');
      expect(answer.data.html, slug).toContain(`data-path="${page}"`);
      expect(answer.data.html, slug).toMatch(/data-help="[a-z-]+"/);
    }
  });

  it('explains 岗位 in 权限管理 and ERP 对接 in 系统设置', async () => {
    const authority = (await article('user-auth')).data;
    expect(authority.html).toContain('岗位');
    expect(authority.html).toContain('data-help="job-pool"');
    const settings = (await article('system-settings')).data;
    expect(settings.html).toContain('<h3>ERP 对接</h3>');
    expect(settings.html).toContain('核对并绑定');
  });

  it('answers an unknown or malformed address with a Chinese 404', async () => {
    for (const slug of ['no-such-article', 'TAGS', '../../package.json', '<script>', 'tags.md', 'a'.repeat(64)]) {
      const answer = await article(slug);
      expect(answer.code, slug).toBe(404);
      expect(answer.msg, slug).toBe(HELP_MESSAGES.notFound);
    }
    const tooLong = await article('a'.repeat(65));
    expect(tooLong).toMatchObject({ code: 400, msg: '帮助文章不能超过 64 个字' });
    const missing = await server.call('GET', '/help/article', { token: frontdesk });
    expect(missing).toMatchObject({ code: 400, msg: '请填写帮助文章' });
  });
});
