/**
 * What a first visit to /login downloads stays within its budget: 90 KB of JavaScript (gzip -9),
 * every script counted until the form is usable and the network is quiet. It was 161 KB when the
 * login page still loaded the router and Shoelace (docs/DECISIONS.md, "Login page speed"). The
 * speed figures themselves are in `npm run bench -- lighthouse`, not here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFirstLoad } from '../support/first-load';
import { startTestServer, type TestServer } from '../support/server';

const BUDGET_GZIP = 90 * 1024;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('/login first load', () => {
  it(`downloads at most ${BUDGET_GZIP / 1024} KB of JavaScript (gzip)`, async () => {
    const firstLoad = await loginFirstLoad(server.url);
    const listing = firstLoad.scripts.map((script) => `${script.path} ${(script.gzip / 1024).toFixed(1)} KB`).join('\n');
    expect(firstLoad.scripts.length).toBeGreaterThan(0);
    expect(firstLoad.gzip, `scripts loaded by /login:\n${listing}`).toBeLessThanOrEqual(BUDGET_GZIP);
  });
});
