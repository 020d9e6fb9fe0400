/**
 * Issue 31, item 7: heavy calls (contracts/api/ `heavy: true`) run a few at a time per account and
 * per chain. The places are held by uploads the test keeps open (a slow 批量导入 preview, as a slow
 * line or a flooding script would), so nothing here depends on timing. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type CallResult, type TestServer } from '../../../tests/support/server';
import { QUEUE_FACTOR, RETRY_AFTER_SECONDS, TOO_MANY_MESSAGE } from './heavy-work';

const PER_ACCOUNT = 2;
const PER_CHAIN = 3;
const ANTU = 1;
const BOUNDARY = 'held-upload';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer({ config: { heavyPerAccount: PER_ACCOUNT, heavyPerChain: PER_CHAIN } });
  for (const username of ['admin', 'manager', 'frontdesk', 'hx-admin']) tokens[username] = await server.loginToken(username);
});
afterAll(async () => {
  await server?.close();
});

const userIds: Record<string, number> = { admin: 1, manager: 2, frontdesk: 3 };
const load = (username: string) => server.app.heavyWork.load(userIds[username], ANTU);

/**
 * A 批量导入 preview (a heavy call) whose file is still arriving: it holds its place until the
 * test finishes the upload (the preview answers) or drops it (the client went away).
 */
function heldUpload(username: string) {
  const url = new URL(server.url);
  const request = http.request({
    host: url.hostname,
    port: url.port,
    method: 'POST',
    path: '/api/client/import/preview?yj-test=1',
    headers: { token: tokens[username], 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' },
  });
  const answer = new Promise<{ code: number; msg: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(JSON.parse(text)));
    });
    request.on('error', reject);
  });
  answer.catch(() => undefined); // a dropped upload has no answer
  request.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="客户.csv"\r\nContent-Type: text/csv\r\n\r\n姓名,手机号,车牌号\r\n`);
  return {
    finish() {
      request.end(`张三,13912345678,浙A12345\r\n--${BOUNDARY}--\r\n`);
      return answer;
    },
    drop: () => request.destroy(),
  };
}

/** A GET whose client can go away before the answer. */
function droppableGet(username: string, path: string) {
  const url = new URL(server.url);
  const request = http.get({ host: url.hostname, port: url.port, path: `/api${path}`, headers: { token: tokens[username] } });
  request.on('error', () => undefined); // dropped on purpose
  return { drop: () => request.destroy() };
}

/** Tracks whether a call has answered yet, without waiting for it. */
function tracked<T>(call: Promise<CallResult<T>>) {
  const state: { answer?: CallResult<T> } = {};
  const done = call.then((answer) => (state.answer = answer));
  return { state, done };
}

const diagnosis = (username: string) => server.call('GET', '/analysis/diagnosis', { token: tokens[username] });

it('holds the third heavy call of one account until a place is free, while another chain is answered', async () => {
  const first = heldUpload('admin');
  const second = heldUpload('admin');
  await expect.poll(() => load('admin').account).toBe(PER_ACCOUNT);

  const third = tracked(diagnosis('admin'));
  await expect.poll(() => load('admin').accountWaiting).toBe(1);
  // 华星 is another chain: its heavy and light calls are answered while 安途's admin waits.
  expect((await server.call('POST', '/client/list', { token: tokens['hx-admin'], body: {} })).code).toBe(0);
  expect((await server.call('GET', '/user/info', { token: tokens.admin })).code).toBe(0);
  expect(third.state.answer).toBeUndefined();

  // A finished upload gives its place back, and so does one whose client went away.
  expect(await first.finish()).toMatchObject({ code: 0 });
  await third.done;
  expect(third.state.answer).toMatchObject({ code: 0, msg: 'ok' });
  second.drop();
  await expect.poll(() => load('admin')).toEqual({ account: 0, chain: 0, accountWaiting: 0, chainWaiting: 0 });
});

it('refuses in Chinese, with Retry-After, once the account has too many waiting; a caller gone while waiting leaves the queue', async () => {
  const uploads = [heldUpload('admin'), heldUpload('admin')];
  await expect.poll(() => load('admin').account).toBe(PER_ACCOUNT);
  // A burst waits (up to QUEUE_FACTOR times the limit); the call after it is refused at once.
  const waiting = Array.from({ length: QUEUE_FACTOR * PER_ACCOUNT }, () => droppableGet('admin', '/analysis/diagnosis'));
  await expect.poll(() => load('admin').accountWaiting).toBe(QUEUE_FACTOR * PER_ACCOUNT);
  const refused = await diagnosis('admin');
  expect(refused).toMatchObject({ code: 429, msg: TOO_MANY_MESSAGE, data: null, status: 200 });
  expect(refused.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  // The same account's light calls are not limited.
  expect((await server.call('GET', '/user/info', { token: tokens.admin })).code).toBe(0);

  for (const call of waiting) call.drop();
  await expect.poll(() => load('admin')).toMatchObject({ account: PER_ACCOUNT, accountWaiting: 0 });
  for (const upload of uploads) upload.drop();
  await expect.poll(() => load('admin')).toEqual({ account: 0, chain: 0, accountWaiting: 0, chainWaiting: 0 });
});

it('counts every account of a chain against the chain, and no other chain', async () => {
  // 安途's admin holds two places and its manager the third: the chain is full.
  const uploads = [heldUpload('admin'), heldUpload('admin'), heldUpload('manager')];
  await expect.poll(() => load('manager').chain).toBe(PER_CHAIN);

  // 王小雨 has no heavy call running, yet 安途 is at its limit: her customer list waits.
  const list = tracked(server.call('POST', '/client/list', { token: tokens.frontdesk, body: {} }));
  await expect.poll(() => load('frontdesk').chainWaiting).toBe(1);
  expect((await server.call('POST', '/client/list', { token: tokens['hx-admin'], body: {} })).code).toBe(0);
  expect(list.state.answer).toBeUndefined();

  uploads[2].drop();
  await list.done;
  expect(list.state.answer).toMatchObject({ code: 0 });
  for (const upload of uploads) upload.drop();
  await expect.poll(() => load('admin')).toEqual({ account: 0, chain: 0, accountWaiting: 0, chainWaiting: 0 });
});
