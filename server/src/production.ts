/**
 * Production mode (NODE_ENV=production): the checks that refuse to start a server that anybody
 * who read our README could get into, and the providers it may use. `npm start` stays the
 * development default; the README's production checklist lists what to set.
 */
import { DEFAULT_CIPHER_KEY } from '../../contracts/cipher';
import type { ServerConfig } from './config';
import { sql, type Database } from './db/database';
import { verifyPassword } from './auth/passwords';
import { DEMO_CHAINS, DEMO_PASSWORD } from './seed/accounts';
import type { Providers } from './types';

/** A refusal to start: Chinese for the operator, English for the log search. */
export class ProductionRefusal extends Error {
  constructor(readonly problems: string[]) {
    super(`生产模式拒绝启动 (production mode refuses to start):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ProductionRefusal';
  }
}

/** Development adapters are named `development…`: production never runs one, and elsewhere the pages mark them 演示. */
export const isDevelopmentAdapter = (adapter: { name: string }): boolean => adapter.name.startsWith('development');

export function developmentProviders(providers: Providers): string[] {
  return Object.entries(providers)
    .filter(([, provider]) => isDevelopmentAdapter(provider))
    .map(([kind, provider]) => `${kind}: ${provider.name}`);
}

/** Everything that makes this server unsafe to run in production, empty when it is fine. */
export async function productionProblems(config: ServerConfig, db: Database, providers: Providers): Promise<string[]> {
  const problems: string[] = [];
  if (config.cipherKey === DEFAULT_CIPHER_KEY) {
    problems.push(
      '应答加密密钥仍是公开的默认值：请为构建和服务器设置同一个新的 GARAGE_CIPHER_KEY（16/24/32 个字符）。' +
        ' / GARAGE_CIPHER_KEY is the published default: set a new 16, 24 or 32 character key for both `npm run build` and the server.',
    );
  }
  if (config.wecomCorpId && config.wecomSecret && !config.wecomAgentId) {
    problems.push('已配置企业微信 WECOM_CORP_ID 与 WECOM_SECRET，但缺少应用的 WECOM_AGENT_ID（扫码登录与侧边栏需要）。 / WECOM_AGENT_ID is missing: the QR login and the chat sidebar need the app\'s AgentId.');
  }
  if (config.wecomCorpId && config.wecomSecret && !config.publicUrl) {
    problems.push('已配置企业微信，但缺少本服务器的对外访问地址 PUBLIC_URL（侧边栏地址由它生成）。 / PUBLIC_URL is missing: the WeCom sidebar\'s address is built from it.');
  }
  if (config.publicUrl && !config.publicUrl.startsWith('https://')) {
    problems.push(`对外访问地址 PUBLIC_URL 必须是 https 地址（当前为 ${config.publicUrl}）。 / PUBLIC_URL must be an https URL in production.`);
  }
  if (config.wecomApiUrl && !config.wecomApiUrl.startsWith('https://')) {
    problems.push(`企业微信接口地址 WECOM_API_URL 必须是 https 地址（当前为 ${config.wecomApiUrl}）。 / WECOM_API_URL must be an https URL in production.`);
  }
  for (const adapter of developmentProviders(providers)) {
    problems.push(`不能使用开发用适配器 ${adapter}，请配置真实服务。 / Development adapter ${adapter} is not allowed in production: configure the real provider.`);
  }
  // Only the demo accounts can carry the published password: checking them costs a few argon2
  // verifications, where checking every account would cost one per member of staff.
  const usernames = DEMO_CHAINS.flatMap((chain) => chain.users.map((user) => user.username));
  const demoAccounts = await db.rows<{ username: string; password_hash: string }>(
    sql`SELECT username, password_hash FROM app_user WHERE enabled AND username = ANY(${sql.param(usernames)}::text[])`,
  );
  for (const account of demoAccounts) {
    if (await verifyPassword(account.password_hash, DEMO_PASSWORD)) {
      problems.push(
        `演示账号 ${account.username} 仍在使用公开的演示密码：请修改其密码或停用该账号。 / Demo account ${account.username} still has the published demo password: change it or disable the account.`,
      );
    }
  }
  return problems;
}
