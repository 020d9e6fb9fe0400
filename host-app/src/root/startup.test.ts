// @vitest-environment happy-dom
/**
 * The startup mask (spec 2: root view; spec 9: loading close delay 400 ms): open while startup data
 * loads, closed 400 ms after startup ends, not when it ends. Time is faked: nothing waits for real.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, login, logout, session } from '../../../widgets/core/base';
import { LOADING_CLOSE_DELAY_MS, loadingState } from '../../../widgets/core/loading';
import { STARTUP_DELAY_MS } from '../../../widgets/core/bootstrap';
import { ok, startEnvelopeServer, type EnvelopeServer } from '../../../widgets/core/testing/envelope-server';
import { startUnderMask } from './startup';

let server: EnvelopeServer;
beforeAll(async () => {
  server = await startEnvelopeServer({
    'GET /api/user/isAdmin': () => ok(false),
    'GET /api/garage/switchable-list': () => ok([{ id: 1, name: '安途汽车服务', selected: true, isHq: true }]),
    'GET /api/client/count/store': () => ok([]),
    'GET /api/sys/permission/user': () => ok([]),
    'GET /api/sys/role/user': () => ok([]),
    'GET /api/user/info': () => ok({ garageInfo: { id: 1, corpId: '', name: '安途汽车服务' }, nickName: '陈总', storeIds: '' }),
    'GET /api/garageModule/one': () => ok({}),
  });
  configure({ mainBase: `${server.url}/api` });
});
afterAll(async () => {
  logout();
  configure({ mainBase: '/api' });
  await server.close();
});

describe('the startup mask', () => {
  it('shows while startup loads and closes LOADING_CLOSE_DELAY_MS (400 ms) after it ended', async () => {
    expect(LOADING_CLOSE_DELAY_MS).toBe(400);
    login('token-1', { userId: 1 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const started = startUnderMask('token-1', '/home/workKanBan');
      expect(loadingState.visible.value).toBe(true);
      await vi.advanceTimersByTimeAsync(STARTUP_DELAY_MS);
      await started;
      expect(session.nickName.value).toBe('陈总');
      // Startup is over; the mask is not, yet.
      await vi.advanceTimersByTimeAsync(LOADING_CLOSE_DELAY_MS - 1);
      expect(loadingState.visible.value).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(loadingState.visible.value).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
