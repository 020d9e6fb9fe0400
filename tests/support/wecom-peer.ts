/**
 * A local WeCom (企业微信) API on loopback answering the documented request and answer shapes, for
 * tests and for trying the real adapter by hand:
 *
 *   const peer = await startWecomPeer({ corpId: 'wwantu0000demo01', secret: 's3cret', members: { AnTuLi: … } });
 *   // server: WECOM_CORP_ID=… WECOM_SECRET=s3cret WECOM_AGENT_ID=1000002 WECOM_API_URL=peer.url
 *   const code = peer.issueCode('AnTuLi');   // what WeCom's OAuth / QR login would redirect with
 *   peer.expireTokens();                      // every token issued so far answers 42001 from now on
 *   peer.failNext(45009, 2);                  // the next two calls answer "rate limited"
 *
 * Calls: gettoken, auth/getuserinfo, externalcontact/get_follow_user_list, externalcontact/list,
 * externalcontact/get, get_jsapi_ticket, ticket/get?type=agent_config. Codes are single use
 * (40029 the second time), a wrong secret answers 40001, an unknown token 40014, a revoked one
 * 42001. `peer.hits` counts calls per path. `node --import tsx tests/support/wecom-peer.ts` runs it
 * alone with two demo contacts (WECOM_PEER_PORT, default any free port).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

export interface PeerContact {
  external_userid: string;
  name: string;
  type?: number;
  gender?: number;
  avatar?: string;
  unionid?: string;
  follow_user: { userid: string; remark?: string; remark_mobiles?: string[]; createtime?: number; tags?: unknown[] }[];
}

export interface WecomPeerOptions {
  corpId: string;
  secret: string;
  /** A second secret that also gets tokens (the 客户联系 Secret). */
  contactSecret?: string;
  contacts?: PeerContact[];
  /** Milliseconds before each answer (a slow WeCom, for killing a sync in the middle). */
  delayMs?: number;
  /** Seconds a token or ticket lives (expires_in), default 7200. */
  expiresIn?: number;
  port?: number;
}

export interface WecomPeer {
  url: string;
  /** Calls answered, by path (e.g. hits['gettoken']). */
  hits: Record<string, number>;
  contacts: PeerContact[];
  /** A fresh single-use OAuth/QR code for this member userid. */
  issueCode(userid: string): string;
  /** Tokens issued so far answer 42001 from now on (WeCom expired them). */
  expireTokens(): void;
  /** Tokens issued so far answer 40014 from now on (revoked, e.g. the secret was reset). */
  invalidateTokens(): void;
  /** The next `times` calls (other than gettoken unless `includeToken`) answer this errcode. */
  failNext(errcode: number, times?: number, includeToken?: boolean): void;
  /** Answers with HTTP 502 and no JSON for the next `times` calls. */
  breakNext(times?: number): void;
  setDelay(ms: number): void;
  close(): Promise<void>;
}

const ERRMSG: Record<number, string> = {
  40001: 'invalid secret',
  40013: 'invalid corpid',
  40014: 'invalid access_token',
  40029: 'invalid code',
  40096: 'invalid external userid',
  41001: 'access_token missing',
  42001: 'access_token expired',
  45009: 'api freq out of limit',
  60111: 'invalid userid',
  84061: 'not external contact',
};

export async function startWecomPeer(options: WecomPeerOptions): Promise<WecomPeer> {
  const expiresIn = options.expiresIn ?? 7200;
  const tokens = new Map<string, 'ok' | 'expired' | 'invalid'>();
  const codes = new Map<string, string>();
  const contacts = options.contacts ?? [];
  const hits: Record<string, number> = {};
  let failures: { errcode: number; times: number; includeToken: boolean } | undefined;
  let broken = 0;
  let delayMs = options.delayMs ?? 0;
  let ticketSerial = 0;

  function answer(response: ServerResponse, body: object) {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  }
  const error = (response: ServerResponse, errcode: number) => answer(response, { errcode, errmsg: ERRMSG[errcode] ?? 'error' });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://peer');
    const path = url.pathname.replace(/^\/cgi-bin\//, '').replace(/^\//, '');
    const q = (name: string) => url.searchParams.get(name) ?? '';
    hits[path] = (hits[path] ?? 0) + 1;
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (broken > 0) {
      broken -= 1;
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>bad gateway</html>');
      return;
    }
    if (failures && failures.times > 0 && (path !== 'gettoken' || failures.includeToken)) {
      failures.times -= 1;
      error(response, failures.errcode);
      return;
    }
    if (path === 'gettoken') {
      if (q('corpid') !== options.corpId) return error(response, 40013);
      if (q('corpsecret') !== options.secret && (!options.contactSecret || q('corpsecret') !== options.contactSecret)) return error(response, 40001);
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, 'ok');
      return answer(response, { errcode: 0, errmsg: 'ok', access_token: token, expires_in: expiresIn });
    }
    const token = q('access_token');
    if (!token) return error(response, 41001);
    const state = tokens.get(token);
    if (state === undefined || state === 'invalid') return error(response, 40014);
    if (state === 'expired') return error(response, 42001);

    switch (path) {
      case 'auth/getuserinfo': {
        const userid = codes.get(q('code'));
        if (!userid) return error(response, 40029);
        codes.delete(q('code'));
        return answer(response, { errcode: 0, errmsg: 'ok', userid, user_ticket: randomBytes(8).toString('hex'), expires_in: 1800 });
      }
      case 'externalcontact/get_follow_user_list': {
        const users = [...new Set(contacts.flatMap((contact) => contact.follow_user.map((user) => user.userid)))];
        return answer(response, { errcode: 0, errmsg: 'ok', follow_user: users });
      }
      case 'externalcontact/list': {
        const ids = contacts.filter((contact) => contact.follow_user.some((user) => user.userid === q('userid'))).map((contact) => contact.external_userid);
        if (ids.length === 0) return error(response, 84061);
        return answer(response, { errcode: 0, errmsg: 'ok', external_userid: ids });
      }
      case 'externalcontact/get': {
        const contact = contacts.find((entry) => entry.external_userid === q('external_userid'));
        if (!contact) return error(response, 40096);
        const { follow_user, ...rest } = contact;
        return answer(response, {
          errcode: 0,
          errmsg: 'ok',
          external_contact: { type: 1, gender: 0, avatar: '', unionid: '', ...rest },
          follow_user: follow_user.map((user) => ({ remark: '', description: '', createtime: 1_700_000_000, tags: [], remark_mobiles: [], add_way: 1, oper_userid: user.userid, ...user })),
          next_cursor: '',
        });
      }
      case 'get_jsapi_ticket':
        ticketSerial += 1;
        return answer(response, { errcode: 0, errmsg: 'ok', ticket: `corp-ticket-${ticketSerial}`, expires_in: expiresIn });
      case 'ticket/get':
        if (q('type') !== 'agent_config') return error(response, 40014);
        ticketSerial += 1;
        return answer(response, { errcode: 0, errmsg: 'ok', ticket: `agent-ticket-${ticketSerial}`, expires_in: expiresIn });
      default:
        response.writeHead(404).end();
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const mark = (to: 'expired' | 'invalid') => {
    for (const token of tokens.keys()) tokens.set(token, to);
  };

  return {
    url: `http://127.0.0.1:${port}/cgi-bin`,
    hits,
    contacts,
    issueCode(userid) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, userid);
      return code;
    },
    expireTokens: () => mark('expired'),
    invalidateTokens: () => mark('invalid'),
    failNext(errcode, times = 1, includeToken = false) {
      failures = { errcode, times, includeToken };
    },
    breakNext(times = 1) {
      broken = times;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const peer = await startWecomPeer({
    corpId: process.env.WECOM_CORP_ID || 'wwantu0000demo01',
    secret: process.env.WECOM_SECRET || 'peer-secret',
    port: Number(process.env.WECOM_PEER_PORT || 0),
    contacts: [
      { external_userid: 'wmPeerContact001', name: '赵先生', follow_user: [{ userid: 'AnTuLi', remark: '赵先生 宝马X3', remark_mobiles: [] }] },
      { external_userid: 'wmPeerContact002', name: '钱女士', follow_user: [{ userid: 'AnTuWang', remark: '', remark_mobiles: ['13700004321'] }] },
    ],
  });
  console.log(`WeCom peer listening on ${peer.url}`);
}
