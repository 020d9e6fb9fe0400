// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, logout, session, setGarageList, setStoreList } from '../core';
import { startEnvelopeServer, ok } from '../core/testing/envelope-server';
import './index';

/** Places the badge and waits for its first render (a task after it is connected). */
async function badge() {
  document.body.innerHTML = '<garage-session-badge></garage-session-badge>';
  const root = document.querySelector('garage-session-badge')!.shadowRoot!;
  await vi.waitFor(() => expect(root.firstElementChild).toBeTruthy());
  return root;
}

beforeEach(() => {
  logout();
  localStorage.clear();
});

describe('<garage-session-badge>', () => {
  it('says 请先登录 without a session (the core’s compact signed-out view)', async () => {
    const root = await badge();
    expect(root.querySelector('.signed-out__title')!.textContent).toBe('请先登录');
    expect(root.querySelector('.name')).toBeNull();
  });

  it('shows the name, the current store and the headquarters mark', async () => {
    session.admin.value = false;
    session.usertoken.value = 't';
    session.nickName.value = '陈总';
    setGarageList([{ id: 1, name: '车管家总部', selected: true, isHq: true }]);
    setStoreList([{ code: 'S1', name: '南山店', count: 3, selected: false }, { code: 'S2', name: '福田店', count: 5, selected: true }]);
    const root = await badge();
    expect(root.querySelector('.name')!.textContent).toBe('陈总');
    expect(root.querySelector('.store')!.textContent).toBe('当前门店：福田店');
    expect(root.querySelector('.hq')?.textContent).toBe('总部');
  });

  it('embedded alone with only a token, learns the name and store through startup', async () => {
    // The account's answer waits until the badge has been seen loading.
    let answerInfo!: () => void;
    const infoAsked = new Promise<void>((resolve) => (answerInfo = resolve));
    const server = await startEnvelopeServer({
      'GET /api/user/isAdmin': () => ok(false),
      'GET /api/client/count/store': () => ok([{ code: 'S9', name: '宝安店', count: '8', selected: true }]),
      'GET /api/user/info': async () => {
        await infoAsked;
        return ok({ garageInfo: { id: 2, corpId: '', name: '宝安车管家' }, nickName: '李前台', storeIds: 'S9' });
      },
    });
    try {
      configure({ mainBase: `${server.url}/api` });
      document.body.innerHTML = '<garage-session-badge token="embedded-token"></garage-session-badge>';
      const root = document.querySelector('garage-session-badge')!.shadowRoot!;
      await expect.poll(() => root.querySelector('.name')?.textContent).toBe('正在加载账号信息…');
      answerInfo();
      await expect.poll(() => root.querySelector('.name')!.textContent, { timeout: 3000 }).toBe('李前台');
      expect(root.querySelector('.store')!.textContent).toBe('当前门店：宝安店');
    } finally {
      configure({ mainBase: '/api' });
      await server.close();
    }
  });
});
