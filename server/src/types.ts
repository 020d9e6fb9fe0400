/** What buildApp adds to Fastify's types: the database, configuration, providers and per-request auth. */
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { AuthContext } from './auth/context';
import type { TenantScope } from './repositories/scope';
import type { SmsProvider } from './providers/sms';
import type { WecomProvider } from './providers/wecom';
import type { ErpProvider } from './providers/erp';
import type { PaymentGateway } from './providers/payment';
import type { Jobs } from './jobs/queue';
import type { RequestsFirst } from './http/requests-first';
import type { HeavyWork } from './http/heavy-work';

export interface Providers {
  sms: SmsProvider;
  wecom: WecomProvider;
  erp: ErpProvider;
  /** The mall's payment channels (WeChat Pay, Alipay, the development adapter). */
  payment: PaymentGateway;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    db: Database;
    providers: Providers;
    /** Durable background jobs (pg-boss on the app's database). */
    jobs: Jobs;
    /** Lets background work wait for the requests being answered (http/requests-first.ts). */
    requestsFirst: RequestsFirst;
    /** Heavy calls bounded per account and per chain (http/heavy-work.ts). */
    heavyWork: HeavyWork;
  }
  interface FastifyRequest {
    /** Set on every route that is not `config: { public: true }`. */
    auth: AuthContext;
    /** The tenancy and data-scope helper every business repository takes. */
    scope: TenantScope;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (login routes). */
    public?: boolean;
    /** Permission id the caller needs (admins and -1 pass). */
    permission?: number;
    /** Only garage admins. */
    admin?: boolean;
    /** Answers a user who still has an admin's one-time password (changing it, signing out, /user/info). */
    oneTimePassword?: boolean;
    /** Work that grows with the chain's data: bounded per account and chain (set by serve() from the contract). */
    heavy?: boolean;
  }
}
