// @vitest-environment happy-dom
/**
 * The widgets' own HTTP client (widgets/core) against this server: login through the `token`
 * header, decryption of the envelope, the admin check, and expiry (999) ending the session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, getToken, http, login, ApiError } from '../../widgets/core';
import { ensureAdminStatus } from '../../widgets/core/bootstrap';
import { startTestServer, type TestServer } from '../../tests/support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  configure({ mainBase: `${server.url}/api`, wecomBase: `${server.url}/wecom`, aiBase: `${server.url}/ai`, cipherKey: server.config.cipherKey });
});
afterAll(() => server?.close());

describe('the widgets’ HTTP client talking to the real server', () => {
  it('logs in, reads the token header, decrypts answers and learns the admin flag', async () => {
    const answer = await http.main.request<{ userId: number; nickName: string }>({ method: 'post', path: '/user/username-token', body: { username: 'manager', password: 'Garage@2026' } });
    const token = answer.headers.get('token');
    expect(token).toBeTruthy();
    login(token!, { userId: answer.data.userId, nickName: answer.data.nickName });
    expect(await ensureAdminStatus()).toBe(false);
    const info = await http.main.get<{ nickName: string; storeIds: string }>('/user/info');
    expect(info).toMatchObject({ nickName: '李店长', storeIds: '2' });
    const stores = await http.main.get<{ name: string }[]>('/client/count/store');
    expect(stores.map((store) => store.name)).toEqual(['城东店']);
  });

  it('turns a wrong password into an ApiError with the server’s Chinese message', async () => {
    const failure = await http.main.post('/user/username-token', { username: 'manager', password: 'wrong-one' }, { silent: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).msg).toBe('用户名或密码错误');
  });

  it('ends the session when the server says the token expired (999)', async () => {
    login(server.signToken(2, { ttlSeconds: -1 }), { userId: 2 });
    // The admin check is one of the calls the client sends before it knows the admin flag.
    const failure = await http.main.get('/user/isAdmin').catch((error: unknown) => error);
    expect((failure as ApiError).code).toBe(999);
    expect(getToken()).toBe('');
  });
});
