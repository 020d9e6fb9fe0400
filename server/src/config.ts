/**
 * Server configuration, read once from the environment. Every setting has a documented default
 * (server/README.md) so `npm start` works on a clean clone with nothing set.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_CIPHER_KEY, isValidCipherKey } from '../../contracts/cipher';

export interface SipDemoLine {
  kamailioDir: string;
  calleeUser: string;
  calleeHa1: string;
}

/** SIP_DEMO_KAMAILIO_DIR + SIP_DEMO_CALLEE=user:ha1, or SIP_DEMO_KAMAILIO=missing (scripts/start.mjs). */
function sipDemoFrom(env: NodeJS.ProcessEnv): ServerConfig['sipDemo'] {
  if (env.SIP_DEMO_KAMAILIO === 'missing') return 'kamailio-missing';
  const [calleeUser, calleeHa1] = (env.SIP_DEMO_CALLEE ?? '').split(':');
  if (!env.SIP_DEMO_KAMAILIO_DIR || !calleeUser || !calleeHa1) return null;
  return { kamailioDir: env.SIP_DEMO_KAMAILIO_DIR, calleeUser, calleeHa1 };
}

export interface ServerConfig {
  /** NODE_ENV=production: no development adapters, no demo seed, refuses default secrets (production.ts). */
  production: boolean;
  port: number;
  host: string;
  /**
   * This server's address as users and WeCom reach it (https://garage.example.cn, no trailing
   * slash): the WeCom sidebar's URL is built from it, never from a request's Host header. Default
   * http://localhost:<PORT> in development, none in production (what needs it says so).
   */
  publicUrl: string;
  /** Serve the API documentation (/api/docs, /api/docs/json, /dist/openapi.json): default on in development, off in production. */
  openapiPublic: boolean;
  /** Folder of the embedded database, the generated JWT secret and the lock file. */
  dataDir: string;
  /** postgres://… → PostgreSQL server; empty → embedded PGlite in dataDir/pglite. */
  databaseUrl: string;
  cipherKey: string;
  jwtSecret: string;
  /** Lifetime of a login token in seconds. */
  tokenTtlSeconds: number;
  oldSiteUrl: string;
  sipWsUrl: string;
  sipRealm: string;
  /**
   * STUN server handed to the phone bar (spec 9: a fixed one): DEFAULT_STUN_SERVER unless
   * SIP_STUN_SERVER names another; '' = none (a LAN, and npm start's demo line on loopback).
   */
  sipStunServer: string;
  /**
   * Shared secret Kamailio sends with its dialog events (POST /api/call/sip-events); calls are then
   * billed from Kamailio's times. '' = no SIP events: billed from this server's receive times.
   */
  sipEventsSecret: string;
  /**
   * The demo phone line `npm start` runs in development (tests/kamailio/demo-phone.ts): the folder
   * its Kamailio reads SIP accounts from and its demo callee's account; 'kamailio-missing' when
   * Kamailio is not installed (the phone bar says how to get it). Always null in production.
   */
  sipDemo: SipDemoLine | 'kamailio-missing' | null;
  /** Where the built front end lives (dist/ with widgets/, host-app/, version.json). */
  distDir: string;
  /**
   * The reverse proxies (addresses, CIDRs, or `loopback` / `linklocal` / `uniquelocal`) whose
   * X-Forwarded-For is believed, so login limits count the real address; empty = nobody's. A
   * sender not listed cannot choose the address it is counted under.
   */
  trustProxy: string[];
  /** Session time zone: "today", "within N days" and birthdays are garage-local dates. */
  timeZone: string;
  /** Seed the demo chain when the database has no garage yet. */
  seedOnEmpty: boolean;
  /** Customers of the demo chain seeded on an empty database. */
  seedCustomers: number;
  wecomCorpId: string;
  wecomSecret: string;
  /** The WeCom self-built app's AgentId (wx.agentConfig, the QR login). */
  wecomAgentId: string;
  /** The 客户联系 Secret, when external contacts are read with it instead of the app's Secret. */
  wecomContactSecret: string;
  /** WeCom's API base (default https://qyapi.weixin.qq.com/cgi-bin); tests point it at a local peer. */
  wecomApiUrl: string;
  logLevel: string;
  /**
   * Origins allowed to call the API from other sites (partner pages embedding a widget); '*' = any.
   * Default '*' in development, none (same origin only) in production.
   */
  corsOrigins: string[];
  /** CSP frame-ancestors: who may show our pages in a frame (the WeCom sidebar); default 'self'. */
  frameAncestors: string[];
  /**
   * The server's own daily work (客户运营's follow-up tasks). Off in tests, where a run landing in the
   * middle of a test would change rows under it; those tests call the same work on demand.
   */
  dailyJobs: boolean;
  /**
   * LEDGER_ADJUSTMENTS: an operator may correct SMS credits or call minutes with
   * `npm run ledger:adjust` (recorded with who and why). On in development, off in production
   * unless set: balances otherwise move only through paid orders, refunds and billing (issue 31).
   */
  ledgerAdjustments: boolean;
  /**
   * Heavy calls (contracts/api/ `heavy: true`: work that grows with the chain's data) running at once
   * for one account and for one chain, in this process (http/heavy-work.ts).
   */
  heavyPerAccount: number;
  heavyPerChain: number;
  /**
   * PostgreSQL: the longest a statement run for a request may take (ms, 0 = no limit); the request
   * then answers 「查询超时…」. Background work (imports, campaigns) is not limited.
   */
  statementTimeoutMs: number;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** Spec 9's fixed STUN server: a public one reachable from mainland China, so a browser behind NAT finds its address. */
export const DEFAULT_STUN_SERVER = 'stun:stun.miwifi.com:3478';

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

const list = (value: string) => value.split(',').map((item) => item.trim()).filter(Boolean);

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) >= 1 && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: the proxies in front of this server. `true` used to trust every sender, so anybody
 * could forge X-Forwarded-For and be counted under a fresh address on each guess. It now means the
 * proxy on this machine (loopback) in development and is refused in production, where the operator
 * must name the proxies.
 */
function trustedProxies(value: string | undefined, production: boolean): string[] {
  const text = (value ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(text)) return [];
  if (['1', 'true', 'yes', 'on'].includes(text)) {
    if (production) {
      throw new Error(
        'TRUST_PROXY=true 会相信任何人伪造的 X-Forwarded-For：请列出反向代理的地址，如 TRUST_PROXY=127.0.0.1 或 TRUST_PROXY=10.0.0.0/8。' +
          ' / TRUST_PROXY=true trusts a forged X-Forwarded-For from anybody: list the reverse proxies instead, e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8.',
      );
    }
    return ['loopback'];
  }
  const entries = list(text);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw new Error(`TRUST_PROXY 中有无效的地址：${wrong.join(', ')}（应为 IP 地址、CIDR 或 loopback） / TRUST_PROXY holds invalid entries: ${wrong.join(', ')} (IP addresses, CIDRs or loopback)`);
  }
  return entries;
}

/** The JWT secret: from the environment, else generated once and kept in the data folder. */
function jwtSecretFor(dataDir: string, given: string | undefined): string {
  if (given) return given;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const port = integer(env.PORT, 3200, 'PORT');
  const sipDemo = production ? null : sipDemoFrom(env);
  const config: ServerConfig = {
    production,
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: (env.PUBLIC_URL || (production ? '' : `http://localhost:${port}`)).replace(/\/+$/, ''),
    openapiPublic: flag(env.OPENAPI_PUBLIC, !production),
    dataDir,
    databaseUrl: env.DATABASE_URL ?? '',
    cipherKey: env.GARAGE_CIPHER_KEY || DEFAULT_CIPHER_KEY,
    jwtSecret: '',
    tokenTtlSeconds: integer(env.TOKEN_TTL_SECONDS, 7 * 24 * 3600, 'TOKEN_TTL_SECONDS'),
    oldSiteUrl: env.OLD_SITE_URL || '/legacy/layout/home',
    sipWsUrl: env.SIP_WS_URL || '',
    sipRealm: env.SIP_REALM || 'sip.garage.local',
    // The demo line's Kamailio and callee are on loopback: a STUN round trip there would only delay each call.
    sipStunServer: (env.SIP_STUN_SERVER ?? (typeof sipDemo === 'object' && sipDemo ? '' : DEFAULT_STUN_SERVER)).trim(),
    sipEventsSecret: env.SIP_EVENTS_SECRET ?? '',
    sipDemo,
    distDir: path.resolve(env.DIST_DIR || path.join(repoRoot, 'dist')),
    trustProxy: trustedProxies(env.TRUST_PROXY, production),
    timeZone: env.GARAGE_TIME_ZONE || 'Asia/Shanghai',
    // Production never seeds the demo chain (its passwords are published): `npm run seed` if wanted.
    seedOnEmpty: !production && flag(env.SEED_ON_EMPTY, true),
    seedCustomers: integer(env.SEED_CUSTOMERS, 3000, 'SEED_CUSTOMERS'),
    wecomCorpId: env.WECOM_CORP_ID || '',
    wecomSecret: env.WECOM_SECRET || '',
    wecomAgentId: env.WECOM_AGENT_ID || '',
    wecomContactSecret: env.WECOM_CONTACT_SECRET || '',
    wecomApiUrl: env.WECOM_API_URL || '',
    logLevel: env.LOG_LEVEL || 'info',
    corsOrigins: list(env.CORS_ORIGINS ?? (production ? '' : '*')),
    frameAncestors: list(env.FRAME_ANCESTORS || "'self'"),
    dailyJobs: flag(env.DAILY_JOBS, true),
    ledgerAdjustments: flag(env.LEDGER_ADJUSTMENTS, !production),
    heavyPerAccount: integer(env.HEAVY_PER_ACCOUNT, 2, 'HEAVY_PER_ACCOUNT'),
    heavyPerChain: integer(env.HEAVY_PER_CHAIN, 4, 'HEAVY_PER_CHAIN'),
    statementTimeoutMs: integer(env.STATEMENT_TIMEOUT_MS, 10_000, 'STATEMENT_TIMEOUT_MS'),
    ...overrides,
  };
  if (!isValidCipherKey(config.cipherKey)) {
    throw new Error('GARAGE_CIPHER_KEY 必须是 16、24 或 32 个 ASCII 字符 (GARAGE_CIPHER_KEY must be 16, 24 or 32 printable ASCII characters)');
  }
  if (config.sipEventsSecret && !/^[\x21-\x7e]{16,128}$/.test(config.sipEventsSecret)) {
    throw new Error('SIP_EVENTS_SECRET must be 16 to 128 printable ASCII characters without spaces');
  }
  if (config.publicUrl && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(config.publicUrl)) {
    throw new Error(`PUBLIC_URL must be the server's http(s) address, e.g. https://garage.example.cn, got "${config.publicUrl}"`);
  }
  if (config.sipStunServer && !/^stuns?:[^\s/?#]+$/.test(config.sipStunServer)) {
    throw new Error(
      `SIP_STUN_SERVER 应为 STUN 地址，如 stun:stun.example.com:3478（留空表示不用），当前为 "${config.sipStunServer}" / SIP_STUN_SERVER must be a STUN URL such as stun:stun.example.com:3478 (empty for none), got "${config.sipStunServer}"`,
    );
  }
  if (config.heavyPerAccount < 1 || config.heavyPerChain < 1) throw new Error('HEAVY_PER_ACCOUNT and HEAVY_PER_CHAIN must be at least 1');
  if (!/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/.test(config.timeZone)) throw new Error('GARAGE_TIME_ZONE is not a time zone name');
  config.jwtSecret = overrides.jwtSecret || jwtSecretFor(dataDir, env.JWT_SECRET);
  return config;
}
