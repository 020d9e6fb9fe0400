// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from '../config';
import { login, logout, session } from '../session';
import { startEnvelopeServer, type EnvelopeServer } from '../testing/envelope-server';
import { clearToasts, toastTexts } from '../testing/dom';
import { ApiError } from './errors';
import { downloadFile } from './download';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let server: EnvelopeServer;
let saved: { name: string; href: string; inside: Node | null }[];

beforeAll(async () => {
  server = await startEnvelopeServer();
  configure({ mainBase: `${server.url}/api` });
});

afterAll(() => server.close());

beforeEach(() => {
  logout();
  clearToasts();
  server.routes.clear();
  server.requests.length = 0;
  login('token-a', { userId: 7, nickName: '王店长', garageId: 3 });
  session.admin.value = false;
  saved = [];
  // What the browser would save: the clicked link's file name, and where the link was.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href, inside: this.parentNode });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  logout();
});

const rejection = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a rejection'); }, (error: unknown) => error as ApiError);

describe('downloadFile', () => {
  it('saves the file under the given name, asked for with the session token and the query', async () => {
    server.routes.set('GET /api/report/export', () => ({ raw: 'PK-xlsx', headers: { 'content-type': XLSX } }));
    const root = document.createElement('div');
    document.body.append(root);
    await downloadFile('/report/export', { from: '2026-11-01', storeIds: '3' }, '数据报表.xlsx', { within: root });
    expect(saved).toEqual([{ name: '数据报表.xlsx', href: expect.stringMatching(/^blob:/), inside: root }]);
    expect(root.querySelector('a')).toBeNull();
    expect(server.requests[0].headers.token).toBe('token-a');
    expect(server.requests[0].query.get('from')).toBe('2026-11-01');
    expect(toastTexts()).toEqual([]);
  });

  it('shows the refusal the server sent instead of a file and saves nothing', async () => {
    server.routes.set('GET /api/client/import/template', () => ({ raw: JSON.stringify({ code: 403, msg: '没有导入权限' }), headers: { 'content-type': 'application/json' } }));
    const error = await rejection(downloadFile('/client/import/template', { kind: 'customer' }, '客户导入模板.xlsx'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.msg).toBe('没有导入权限');
    expect(toastTexts()).toEqual(['没有导入权限']);
    expect(saved).toEqual([]);
  });

  it('says the page’s own words when the refusal carries none', async () => {
    server.routes.set('GET /api/insurance/analysis/export', () => ({ raw: 'upstream down', headers: { 'content-type': 'text/plain' } }));
    await rejection(downloadFile('/insurance/analysis/export', {}, '保险分析.xlsx', { failedMessage: '导出失败，请稍后重试' }));
    await rejection(downloadFile('/insurance/analysis/export', {}, '保险分析.xlsx'));
    expect(toastTexts()).toEqual(['导出失败，请稍后重试', '下载失败，请稍后重试']);
    expect(saved).toEqual([]);
  });
});
