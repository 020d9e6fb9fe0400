// @vitest-environment happy-dom
/**
 * The sidebar's use of WeCom's JS-SDK against a stand-in `wx`: where the page was opened from
 * (getContext) decides whether a contact is asked for, and a WeCom that never answers (a plain
 * browser that could load WeCom's scripts) ends in a message instead of a wait for ever.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure } from '../core';
import { ok, startEnvelopeServer, type EnvelopeServer } from '../core/testing/envelope-server';
import { currentExternalContact, WECOM_ANSWER_LIMIT_MS, WecomSdkError, type Wx } from './wecom-sdk';

let server: EnvelopeServer;
const signed = { timestamp: 1, nonceStr: 'n', signature: 's' };

beforeAll(async () => {
  server = await startEnvelopeServer({
    'GET /wecom/wecom-sdk/signature': () => ok({ config: { ...signed, appId: 'ww1' }, agentConfig: { ...signed, corpid: 'ww1', agentid: '1000002' }, jsApiList: ['getContext', 'getCurExternalContact'] }),
  });
  configure({ wecomBase: `${server.url}/wecom` });
});
afterAll(async () => {
  configure({ wecomBase: '/wecom' });
  await server.close();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete window.wx;
});

/** WeCom's `wx` answering as the client does, with `answers` for wx.invoke; `silent` answers nothing at all. */
function standIn(answers: Record<string, object>, silent = false) {
  const invoked: string[] = [];
  const wx: Wx = {
    config: vi.fn(),
    ready: (callback) => !silent && setTimeout(callback, 0),
    error: () => undefined,
    agentConfig: (options) => setTimeout(() => options.success({ errMsg: 'agentConfig:ok' }), 0),
    invoke: (name, _parameters, callback) => {
      invoked.push(name);
      setTimeout(() => callback(answers[name] ?? { err_msg: `${name}:fail` }), 0);
    },
  };
  window.wx = wx;
  return { wx, invoked };
}

const failure = (work: Promise<unknown>) => work.then(() => null, (error: unknown) => error as WecomSdkError);

describe('the chat contact through the JS-SDK', () => {
  it("asks for the contact in a customer chat's toolbar", async () => {
    const { invoked } = standIn({
      getContext: { err_msg: 'getContext:ok', entry: 'single_chat_tools' },
      getCurExternalContact: { err_msg: 'getCurExternalContact:ok', userId: 'wmContact01' },
    });
    await expect(currentExternalContact()).resolves.toBe('wmContact01');
    expect(invoked).toEqual(['getContext', 'getCurExternalContact']);
  });

  it('in a group chat says there is no single contact, without asking for one', async () => {
    const { invoked } = standIn({ getContext: { err_msg: 'getContext:ok', entry: 'group_chat_tools' } });
    expect(await failure(currentExternalContact())).toMatchObject({ kind: 'no-contact' });
    expect(invoked).toEqual(['getContext']);
  });

  it('gives up on a WeCom that never answers after WECOM_ANSWER_LIMIT_MS: outside WeCom, "not in WeCom"', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { wx } = standIn({}, true);
    const outcome = failure(currentExternalContact());
    await vi.waitFor(() => expect(wx.config).toHaveBeenCalled());
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(WECOM_ANSWER_LIMIT_MS - 100);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await outcome).toMatchObject({ kind: 'not-in-wecom' });
  });

  it("inside WeCom's client the same silence is WeCom's failure, said in Chinese", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Windows NT 10.0) wxwork/4.1.30 MicroMessenger/7.0.1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { wx } = standIn({}, true);
    const outcome = failure(currentExternalContact());
    await vi.waitFor(() => expect(wx.config).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(WECOM_ANSWER_LIMIT_MS);
    expect(await outcome).toMatchObject({ kind: 'refused', reason: '企业微信没有响应，请关闭侧边栏后重新打开' });
  });
});
