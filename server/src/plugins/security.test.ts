/** Security headers on pages and CORS for the API, as a browser on another site would meet them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server';

const PARTNER = 'https://partner.example.cn';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { corsOrigins: [PARTNER], frameAncestors: ["'self'", 'https://*.work.weixin.qq.com'] } });
});
afterAll(() => server?.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });
const preflight = (path: string, origin: string) =>
  fetch(`${server.url}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'token,content-type' } });

describe('security headers', () => {
  it('every page carries a CSP with the configured frame-ancestors, nosniff and a referrer policy', async () => {
    for (const page of ['/login', '/home/externalmanage']) {
      const answer = await get(page);
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self' https://*.work.weixin.qq.com");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('lets the phone bar reach secure SIP servers, and plain ws: only outside production', async () => {
    const csp = (await get('/login')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self' data: wss: ws:");
  });
});

describe('CORS', () => {
  it('answers a listed partner origin, with the token header exposed', async () => {
    const answer = await preflight('/api/user/username-token', PARTNER);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(answer.headers.get('access-control-allow-headers')).toContain('token');
    const login = await fetch(`${server.url}/api/user/username-token`, {
      method: 'POST',
      headers: { origin: PARTNER, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Garage@2026' }),
    });
    expect(login.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(login.headers.get('access-control-expose-headers')).toContain('token');
  });

  it('refuses origins not on the list, and `Origin: null` always', async () => {
    for (const origin of ['https://evil.example.com', 'null']) {
      const answer = await preflight('/api/user/username-token', origin);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      const call = await get('/api/user/info', { origin });
      expect(call.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('refuses `Origin: null` even when any origin is allowed', async () => {
    const open = await startTestServer({ config: { corsOrigins: ['*'] } });
    try {
      expect((await fetch(`${open.url}/api/user/info`, { headers: { origin: 'null' } })).headers.get('access-control-allow-origin')).toBeNull();
      expect((await fetch(`${open.url}/api/user/info`, { headers: { origin: 'https://any.example' } })).headers.get('access-control-allow-origin')).toBe('https://any.example');
    } finally {
      await open.close();
    }
  });

  it('serves widget bundles and version.json to any page', async () => {
    for (const path of ['/version.json', '/widgets/phone-bar.js']) {
      const answer = await get(path, { origin: 'https://evil.example.com' });
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    }
  });
});

describe('the WeCom sidebar page', () => {
  it('may be framed by WeCom and load its JS-SDK; other pages keep the configured policy', async () => {
    const server = await startTestServer();
    try {
      for (const page of ['/sidebar', '/sidebar?entry=single_chat_tools', '/sidebar/card']) {
        const csp = (await fetch(`${server.url}${page}`)).headers.get('content-security-policy') ?? '';
        expect(csp).toContain("frame-ancestors 'self' https://work.weixin.qq.com https://*.work.weixin.qq.com");
        expect(csp).toContain("script-src 'self' https://res.wx.qq.com https://open.work.weixin.qq.com https://wwcdn.weixin.qq.com");
      }
      for (const page of ['/login', '/sidebarx']) {
        const csp = (await fetch(`${server.url}${page}`)).headers.get('content-security-policy') ?? '';
        expect(csp).toMatch(/frame-ancestors 'self'(;|$)/);
        expect(csp).not.toContain('weixin');
      }
    } finally {
      await server.close();
    }
  });
});
