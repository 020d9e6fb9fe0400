/**
 * The built front end goes out as the build compressed it (.br / .gz written by scripts/build.mjs),
 * and Vite's content-hashed files are cached for good while index.html is always revalidated.
 * Refusals outside the API hosts are the Chinese envelope too (issue 31).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
