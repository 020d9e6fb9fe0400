/**
 * The real WeCom adapter against a local peer speaking WeCom's HTTP API: the access token cached,
 * shared by concurrent calls, refreshed before expiry and after 42001/40014 (once), tickets cached,
 * and every error path answered with a Chinese message.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWecomPeer, type WecomPeer } from '../../../tests/support/wecom-peer';
import { Code } from '../http/envelope';
import { WECOM_ERRORS, WecomError, wecomApi, type WecomApiSettings } from './wecom';

const CORP = 'wwpeer000000001';
let peer: WecomPeer;

beforeAll(async () => {
  peer = await startWecomPeer({
    corpId: CORP,
    secret: 'app-secret',
    contactSecret: 'contact-secret',
    contacts: [
      { external_userid: 'wmAAA001', name: '赵先生', follow_user: [{ userid: 'li', remark: '赵先生 宝马', remark_mobiles: ['137-0000 1234'], createtime: 1_700_000_123 }] },
      { external_userid: 'wmAAA002', name: '钱女士', type: 2, gender: 2, follow_user: [{ userid: 'li' }, { userid: 'wang', remark: '钱姐', remark_mobiles: ['13900001111'] }] },
    ],
  });
});
afterAll(() => peer.close());
afterEach(() => {
  peer.failNext(0, 0);
  peer.breakNext(0);
  peer.setDelay(0);
});

/** A fresh adapter (its own token cache) and the peer's counters as they are now. */
function adapter(overrides: Partial<WecomApiSettings> = {}) {
  const before = { ...peer.hits };
  const provider = wecomApi({ corpId: CORP, agentId: '1000002', secret: 'app-secret', baseUrl: peer.url, ...overrides });
  const calls = (path: string) => (peer.hits[path] ?? 0) - (before[path] ?? 0);
  return { provider, calls };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as WecomError;
  }
  throw new Error('expected a refusal');
}

describe('access token', () => {
  it('is fetched once and reused by later calls', async () => {
    const { provider, calls } = adapter();
    expect(await provider.identify(peer.issueCode('li'))).toEqual({ corpId: CORP, wechatUserId: 'li' });
    expect(await provider.identify(peer.issueCode('wang'))).toEqual({ corpId: CORP, wechatUserId: 'wang' });
    expect(calls('gettoken')).toBe(1);
    expect(calls('auth/getuserinfo')).toBe(2);
  });

  it('is fetched once for many concurrent calls', async () => {
    peer.setDelay(30);
    const { provider, calls } = adapter();
    const users = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => provider.identify(peer.issueCode(id))));
    expect(users.map((user) => user?.wechatUserId)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(calls('gettoken')).toBe(1);
  });

  it('is refreshed before WeCom expires it (expires_in less a margin)', async () => {
    let clock = 1_000_000;
    const { provider, calls } = adapter({ now: () => clock });
    await provider.identify(peer.issueCode('li'));
    clock += (7200 - 301) * 1000;
    await provider.identify(peer.issueCode('li'));
    expect(calls('gettoken')).toBe(1);
    clock += 2000; // now within the last five minutes of the token's 7,200 s
    await provider.identify(peer.issueCode('li'));
    expect(calls('gettoken')).toBe(2);
  });

  it('is refreshed and the call retried once when WeCom answers 42001 (expired)', async () => {
    const { provider, calls } = adapter();
    await provider.identify(peer.issueCode('li'));
    peer.expireTokens();
    expect(await provider.identify(peer.issueCode('wang'))).toEqual({ corpId: CORP, wechatUserId: 'wang' });
    expect(calls('gettoken')).toBe(2);
  });

  it('is refreshed and the call retried once when WeCom answers 40014 (invalid)', async () => {
    const { provider, calls } = adapter();
    await provider.jsapiTicket(CORP);
    peer.invalidateTokens();
    expect(await provider.followUsers(CORP)).toEqual(['li', 'wang']);
    expect(calls('gettoken')).toBe(2);
  });

  it('is not retried twice: a second 42001 is reported', async () => {
    const { provider, calls } = adapter();
    peer.failNext(42001, 2);
    const error = await refusal(provider.followUsers(CORP));
    expect(error.msg).toBe('企业微信访问凭证已过期，请稍后再试');
    expect(calls('externalcontact/get_follow_user_list')).toBe(2);
  });

  it('uses the 客户联系 secret for external contacts when one is given', async () => {
    const { provider } = adapter({ secret: 'wrong', contactSecret: 'contact-secret' });
    expect(await provider.externalContactIds(CORP, 'li')).toEqual(['wmAAA001', 'wmAAA002']);
    expect((await refusal(provider.identify(peer.issueCode('li')))).msg).toBe(WECOM_ERRORS[40001]);
  });
});

describe('login codes', () => {
  it('answers null for an invalid code (40029) and for a code used twice', async () => {
    const { provider } = adapter();
    expect(await provider.identify('not-a-code')).toBeNull();
    const code = peer.issueCode('li');
    expect(await provider.identify(code)).not.toBeNull();
    expect(await provider.identify(code)).toBeNull();
  });
});

describe('errors', () => {
  it('a wrong secret reads as a configuration problem in Chinese', async () => {
    const error = await refusal(adapter({ secret: 'nope' }).provider.identify(peer.issueCode('li')));
    expect(error).toBeInstanceOf(WecomError);
    expect(error.code).toBe(Code.unavailable);
    expect(error.msg).toBe('企业微信应用的 Secret 不正确，请管理员在设置中核对');
  });

  it('a wrong corp id too', async () => {
    const error = await refusal(adapter({ corpId: 'wwsomebodyelse' }).provider.identify(peer.issueCode('li')));
    expect(error.msg).toBe('企业 ID（CorpID）不正确，请管理员在设置中核对');
  });

  it('rate limits answer 429 「过于频繁」', async () => {
    const { provider } = adapter();
    peer.failNext(45009);
    const error = await refusal(provider.externalContact(CORP, 'wmAAA001'));
    expect(error.code).toBe(Code.tooMany);
    expect(error.msg).toBe('调用企业微信接口过于频繁，请稍后再试');
  });

  it('every errcode of the table reads as its Chinese text; unknown ones name the code', async () => {
    const { provider } = adapter();
    await provider.jsapiTicket(CORP); // a token, so failNext hits the call itself
    for (const [errcode, message] of Object.entries(WECOM_ERRORS)) {
      const code = Number(errcode);
      if (code === 42001 || code === 40014 || code === 84061 || code === 40096) continue; // retried / answered as "none"
      peer.failNext(code);
      const error = await refusal(provider.followUsers(CORP));
      expect(error.msg).toBe(message);
      expect(error.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    peer.failNext(99999);
    expect((await refusal(provider.followUsers(CORP))).msg).toBe('企业微信接口返回错误（errcode 99999）');
  });

  it('a gateway error or an unreadable answer is a clear refusal, not a crash', async () => {
    const { provider } = adapter();
    peer.breakNext(1);
    expect((await refusal(provider.identify(peer.issueCode('li')))).msg).toBe('企业微信暂时无法访问（HTTP 502），请稍后再试');
  });

  it('an unreachable WeCom reads 「无法连接企业微信」', async () => {
    const { provider } = adapter({ baseUrl: 'http://127.0.0.1:9/cgi-bin', timeoutMs: 2000 });
    expect((await refusal(provider.identify('x'))).msg).toBe('无法连接企业微信，请稍后再试');
  });

  it('refuses calls for another chain’s corp', async () => {
    const { provider, calls } = adapter();
    expect((await refusal(provider.externalContactIds('wwother', 'li'))).msg).toBe('本连锁尚未配置企业微信应用，请管理员配置后再试');
    expect(calls('gettoken')).toBe(0);
  });
});

describe('external contacts', () => {
  it('reads follow users, remarks and remark mobiles (normalised)', async () => {
    const { provider } = adapter();
    const contact = await provider.externalContact(CORP, 'wmAAA001');
    expect(contact).toMatchObject({ externalUserId: 'wmAAA001', name: '赵先生', type: 1 });
    expect(contact!.followUsers).toEqual([{ userid: 'li', remark: '赵先生 宝马', remarkMobiles: ['13700001234'], createtime: 1_700_000_123 }]);
    const second = await provider.externalContact(CORP, 'wmAAA002');
    expect(second!.followUsers.map((user) => user.userid)).toEqual(['li', 'wang']);
    expect(second!.gender).toBe(2);
  });

  it('a deleted contact is null, a member without contacts has none (84061)', async () => {
    const { provider } = adapter();
    expect(await provider.externalContact(CORP, 'wmGone')).toBeNull();
    expect(await provider.externalContactIds(CORP, 'nobody')).toEqual([]);
  });
});

describe('JS-SDK tickets', () => {
  it('the corp ticket and the agent ticket are fetched once each and cached', async () => {
    const { provider, calls } = adapter();
    const corp = await provider.jsapiTicket(CORP);
    const agent = await provider.agentTicket(CORP);
    expect(corp).toMatch(/^corp-ticket-/);
    expect(agent).toMatch(/^agent-ticket-/);
    expect(await Promise.all([provider.jsapiTicket(CORP), provider.jsapiTicket(CORP)])).toEqual([corp, corp]);
    expect(await provider.agentTicket(CORP)).toBe(agent);
    expect(calls('get_jsapi_ticket')).toBe(1);
    expect(calls('ticket/get')).toBe(1);
  });
});
