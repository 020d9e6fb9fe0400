/**
 * What `npm start` runs is the server bundled into one module (scripts/bundle-server.mjs): it must
 * find what the sources find beside themselves (the migrations, the help articles, the front end)
 * and register every route file, as the sources do under tsx.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../contracts/api/route';
import type { helpArticles } from '../../contracts/api/help';
import { DEMO_PASSWORD, seededDataDir } from '../../tests/support/server';
import { startChildServer, type ChildServer } from '../../tests/support/child-server';

let dataDir = '';
let running: ChildServer | undefined;
afterAll(async () => {
  await running?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the bundled server of npm start', () => {
  it('starts on a data folder, serves the login page, signs in and finds the help articles', async () => {
    expect(process.env.SERVER_BUNDLE_DIR, 'the server tests run the bundle (tests/support/server-bundle.ts)').toBeTruthy();
    dataDir = await seededDataDir();
    running = await startChildServer({ dataDir });
    const login = await fetch(`${running.url}/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('<div id="root">');
    const signedIn = await running.call('POST', '/user/username-token', undefined, { username: 'admin', password: DEMO_PASSWORD });
    expect(signedIn.code, signedIn.msg).toBe(0);
    const found = await running.call<AnswerOf<typeof helpArticles>>('GET', `/help/articles?keyword=${encodeURIComponent('保存条件')}`, signedIn.token!);
    expect(found.code, found.msg).toBe(0);
    expect(found.data.map((article) => article.title)).toContain('客户列表：查找客户与筛选条件');
  });
});
