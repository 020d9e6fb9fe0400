/** The API documentation is generated from the route contracts and browsable without a token. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

it('documents each call with its Chinese summary, labelled fields and answer envelope', async () => {
  const document = await (await fetch(`${server.url}/api/docs/json`)).json();
  const login = document.paths['/api/user/username-token'].post;
  expect(login.summary).toContain('用户名密码登录');
  const fields = login.requestBody.content['application/json'].schema.properties;
  expect(fields.username.title).toBe('用户名');
  expect(fields.username.maxLength).toBe(64);
  const answer = login.responses['200'].content['application/json'].schema.properties;
  expect(Object.keys(answer)).toEqual(['code', 'msg', 'data']);
  expect(Object.keys(answer.data.properties)).toEqual(['userId', 'nickName', 'garageId', 'garageName']);
  // /wecom serves the same calls; the document lists each call once, under /api.
  expect(Object.keys(document.paths).some((path) => path.startsWith('/wecom'))).toBe(false);
});

it('serves the browsable documentation at /api/docs', async () => {
  const page = await fetch(`${server.url}/api/docs/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('swagger-ui');
});
