/**
 * The built front end goes out as the build compressed it (.br / .gz written by scripts/build.mjs),
 * and Vite's content-hashed files are cached for good while index.html is always revalidated.
 * Refusals outside the API hosts are the Chinese envelope too (issue 31). The AI host answers that
 * nothing is there yet, and /sidebar/dev plays the WeCom client in development (issue 36).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';

const SCRIPT = `export const greeting = ${JSON.stringify('欢迎使用门店管家'.repeat(200))};\n`;
let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'garage-web-dist-'));
  mkdirSync(path.join(dist, 'host-app', 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'host-app', 'index.html'), '<!doctype html><title>门店管家</title>');
  const script = path.join(dist, 'host-app', 'assets', 'index-Ab12Cd34.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  server = await startTestServer({ config: { distDir: dist } });
});

afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('built front end', () => {
  it('sends the brotli file to a browser that accepts it, cached for a year', async () => {
    const answer = await server.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const answer = await server.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(SCRIPT);
  });

  it('has every page path revalidate index.html, so a new build is seen at once', async () => {
    const answer = await server.app.inject({ url: '/home/externalmanage' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toContain('<title>门店管家</title>');
  });
});

describe('refusals outside the API hosts', () => {
  it('answers a forbidden file path, a body too large, broken JSON and a missing file with the Chinese envelope, keeping the HTTP status', async () => {
    const cases = [
      { request: { url: '/dist//host-app/index.html' }, status: 403, code: 403, msg: '不允许访问该路径' },
      { request: { method: 'POST' as const, url: '/', payload: { text: 'x'.repeat(6 * 1024 * 1024) } }, status: 413, code: 400, msg: '请求内容过大' },
      { request: { method: 'POST' as const, url: '/api/mall/notify/wechat', headers: { 'content-type': 'application/json' }, payload: 'x'.repeat(100 * 1024) }, status: 413, code: 400, msg: '请求内容过大' },
      { request: { method: 'POST' as const, url: '/sidebar', headers: { 'content-type': 'application/json' }, payload: '{' }, status: 400, code: 400, msg: '请求内容不是有效的 JSON' },
      { request: { url: '/assets/missing-0000.js' }, status: 404, code: 404, msg: '文件不存在：/assets/missing-0000.js' },
    ];
    for (const { request, status, code, msg } of cases) {
      const answer = await server.app.inject(request);
      expect({ url: request.url, status: answer.statusCode, body: answer.json() }).toEqual({ url: request.url, status, body: { code, msg, data: null } });
    }
  });
});

describe('the AI host', () => {
  it('has nothing behind it yet and says so in Chinese, unencrypted, for any call, signed in or not', async () => {
    const token = await server.loginToken('admin');
    for (const [method, url] of [['GET', '/ai'], ['GET', '/ai/'], ['POST', '/ai/chat'], ['GET', '/ai/chat?yj-test=1']] as const) {
      for (const headers of [{}, { token }]) {
        const answer = await server.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: { question: '下次保养是什么时候？' } } : {}) });
        expect({ url, status: answer.statusCode, body: answer.json() }).toEqual({
          url,
          status: 404,
          body: { code: 404, msg: `接口不存在：${method} ${url.split('?')[0]}（AI 服务尚未开放）`, data: null },
        });
      }
    }
  });
});

describe('/sidebar/dev, the WeCom client played in a browser (development)', () => {
  it('opens a chat with a contact bound to a customer who has a maintenance history, signed in as the staff who follows it', async () => {
    const page = await server.app.inject({ url: '/sidebar/dev' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const frame = /<iframe title="门店管家客户侧边栏" src="([^"]+)"/.exec(page.body)?.[1].replaceAll('&#38;', '&');
    expect(frame).toBe('/sidebar/dev/frame?chat=wmDemoContact001&code=dev%3Awwantu0000demo01%3AAnTuLi&state=');
    const bound = await server.db.one<{ name: string; records: number }>(sql`
      SELECT c.name, (SELECT count(*)::int FROM maintenance_record r WHERE r.customer_id = c.id) AS records
        FROM wecom_contact w JOIN customer c ON c.id = w.customer_id WHERE w.chain_id = 1 AND w.external_userid = 'wmDemoContact001'`);
    expect(bound!.records).toBeGreaterThan(0);
    expect(page.body).toContain(`已绑定客户 ${bound!.name}`);
    // The other demo chats are a click away: an unbound contact followed by another member of staff, and a group chat.
    expect(page.body).toContain('href="?chat=wmDemoContact003"');
    expect(page.body).toContain('href="?chat=group"');
    const other = await server.app.inject({ url: '/sidebar/dev?chat=wmDemoContact003' });
    expect(other.body).toContain('chat=wmDemoContact003&#38;code=dev%3Awwantu0000demo01%3AAnTuWang');
  });

  it("serves the sidebar page with WeCom's `wx` standing in before the sidebar's script", async () => {
    const frame = await server.app.inject({ url: '/sidebar/dev/frame?chat=wmDemoContact001' });
    expect(frame.statusCode).toBe(200);
    expect(frame.body.indexOf('<script src="/sidebar/dev/wecom-client.js"></script>')).toBeGreaterThan(0);
    expect(frame.body.indexOf('<script src="/sidebar/dev/wecom-client.js"></script>')).toBeLessThan(frame.body.indexOf('<script type="module" src="/widgets/wecom-sidebar.js">'));
    const standIn = await server.app.inject({ url: '/sidebar/dev/wecom-client.js' });
    expect(standIn.headers['content-type']).toMatch(/javascript/);
    expect(standIn.body).toContain('getCurExternalContact');
    // The real page has none of it.
    expect((await server.app.inject({ url: '/sidebar' })).body).not.toContain('/sidebar/dev/');
  });

  it('answers 404 for any other path under /sidebar, never the host app', async () => {
    const answer = await server.app.inject({ url: '/sidebar/nothing-here' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('页面不存在：/sidebar/nothing-here');
  });
});
