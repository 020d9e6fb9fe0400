/**
 * The application as a plugin-layered Fastify instance (fastify/demo's layout):
 *   external — configuration, database (migrations, first-start seed), providers
 *   app      — CORS, the envelope/encryption/auth of each API host (plugins/api-host.ts)
 *   routes   — server/src/routes/<domain>.ts under /api and /wecom (and /ai), then the front end
 * server.ts only listens; tests call buildApp and inject or listen on a random port.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { Code } from './http/envelope';
import './types';
import type { ServerConfig } from './config';
import { answeringRequest, type Database } from './db/database';
import type { Providers } from './types';
import { openAppDatabase } from './plugins/database';
import { createJobs } from './jobs/queue';
import { developmentSms, smppSettingsFrom, smppSms, unconfiguredSms, withDevelopmentOutbox, type SmsProvider } from './providers/sms';
import { smppInThread } from './providers/smpp-thread';
import { requestsFirst, statementsGiveWay } from './http/requests-first';
import { heavyWork } from './http/heavy-work';
import { developmentWecom, unconfiguredWecom, wecomApi } from './providers/wecom';
import { developmentErp, unconfiguredErp } from './providers/erp';
import { paymentGateway, paymentSettingsFrom } from './providers/payment';
import { isDevelopmentAdapter, ProductionRefusal, productionProblems } from './production';
import { provisionDemoLines } from './providers/demo-phone-line';
import apiHost, { envelopeForError } from './plugins/api-host';
import security from './plugins/security';
import openapi from './plugins/openapi';
import web from './plugins/web';
import sidebarPage from './plugins/sidebar-page';
import sidebarDev from './plugins/sidebar-dev';
import paymentNotify from './plugins/payment-notify';

export interface BuildOptions {
  /** An already open database (tests); otherwise opened from the configuration. */
  database?: Database;
  providers?: Partial<Providers>;
  logger?: boolean;
}

/**
 * Requests Node refuses before Fastify sees them (a URL or headers over 16 KB, broken HTTP) get the
 * envelope in Chinese too, not Node's English JSON.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, msg] = error.code === 'HPE_HEADER_OVERFLOW' ? [431, '请求地址或请求头过长'] : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, '请求超时，请重试'] : [400, '请求格式不正确'];
  const body = JSON.stringify({ code: Code.badInput, msg, data: null });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * SMS: an SMSC from SMPP_* (providers/smpp.ts; `npm start` in development starts a local one), the
 * development outbox without one, and in production without one a refusal.
 */
function smsProvider(config: ServerConfig, db: Database, app: FastifyInstance): SmsProvider {
  const smpp = smppSettingsFrom(process.env);
  const outbox = () => developmentSms(db, (line) => app.log.info(line));
  if (smpp) {
    // The session runs in its own thread (providers/smpp-thread.ts); SMPP_THREAD=off keeps it on the main thread.
    const session = process.env.SMPP_THREAD === 'off' ? smppSms(smpp, app.log) : smppInThread(smpp, app.log);
    if (config.production) return session;
    // npm start's own SMSC delivers to no phone: named a development adapter, so the pages say 演示.
    return withDevelopmentOutbox(session, outbox(), smpp.localPeer ? 'development-smsc' : session.name);
  }
  return config.production ? unconfiguredSms() : outbox();
}

export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Only the listed proxies' X-Forwarded-For is believed (config.ts, TRUST_PROXY).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // One line per request drowns the log that matters (errors, SMS codes); errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: answerClientError,
    // Registering the route plugins (some read the database) can take longer than Fastify's 10 s on
    // a loaded two-core machine; a slow start is not a broken one.
    pluginTimeout: 60_000,
  });

  // Outside the API hosts too (the front end's files, payment notifications, unknown paths) every
  // refusal is the Chinese envelope, not Fastify's English JSON; the HTTP status stays the error's.
  app.setErrorHandler(async (error, request, reply) => {
    const { status, envelope } = envelopeForError(error, request);
    const own = (error as { statusCode?: number }).statusCode;
    return reply.status(status === 500 || !own ? status : own).send(envelope);
  });

  // external
  app.decorate('config', config);
  // Declared up front so every request object has the same shape (V8 keeps it fast).
  app.decorateRequest('auth', null as never);
  app.decorateRequest('scope', null as never);
  let opened: Database;
  try {
    opened = await openAppDatabase(app, options.database);
  } catch (error) {
    await app.close();
    throw error;
  }
  const gate = requestsFirst(app);
  app.decorate('requestsFirst', gate);
  // One for the process: /api and /wecom serve the same calls and share the limits.
  app.decorate('heavyWork', heavyWork({ perAccount: config.heavyPerAccount, perChain: config.heavyPerChain }));
  // On PGlite every statement runs on this thread: a heavy call's statements let the pages go first.
  const db = opened.kind === 'pglite' ? statementsGiveWay(opened, gate) : opened;
  app.decorate('db', db);
  // What a request starts runs under the request statement timeout (db/database.ts).
  app.addHook('onRequest', (_request, _reply, done) => answeringRequest(done));
  // Background jobs (jobs/queue.ts) start lazily; they stop before the database closes.
  const jobs = createJobs(db, app.log);
  app.decorate('jobs', jobs);
  app.addHook('preClose', async () => {
    await jobs.stop();
  });
  app.addHook('onClose', async () => {
    if (!options.database) await opened.close();
  });
  // Without a configured service, development gets the local adapters and production a refusal.
  const providers = {
    sms: options.providers?.sms ?? smsProvider(config, db, app),
    wecom:
      options.providers?.wecom ??
      (config.wecomCorpId && config.wecomSecret
        ? wecomApi({ corpId: config.wecomCorpId, agentId: config.wecomAgentId, secret: config.wecomSecret, contactSecret: config.wecomContactSecret || undefined, baseUrl: config.wecomApiUrl || undefined })
        : config.production
          ? unconfiguredWecom()
          : developmentWecom()),
    erp: options.providers?.erp ?? (config.production ? unconfiguredErp() : developmentErp()),
    payment: options.providers?.payment ?? paymentGateway(paymentSettingsFrom(process.env), { production: config.production }),
  };
  if (config.production) {
    const problems = await productionProblems(config, db, providers);
    if (problems.length > 0) {
      await app.close();
      throw new ProductionRefusal(problems);
    }
  }
  app.decorate('providers', providers);
  // npm start's demo phone line: the demo staff's lines, known to its Kamailio before anyone dials.
  if (typeof config.sipDemo === 'object' && config.sipDemo) await provisionDemoLines(db, config.sipDemo, config.sipRealm);
  app.addHook('onClose', async () => {
    await providers.sms.close();
  });

  // app: security headers and CORS
  await app.register(security);
  await app.register(openapi);

  // routes
  await app.register(apiHost, { prefix: '/api', host: 'main', encrypt: true });
  await app.register(apiHost, { prefix: '/wecom', host: 'wecom', encrypt: true });
  await app.register(apiHost, { prefix: '/ai', host: 'ai', encrypt: false });
  // WeChat Pay / Alipay notifications: no login, no envelope, the providers' own answer formats.
  await app.register(paymentNotify, { prefix: '/api/mall/notify' });
  await app.register(sidebarPage);
  // The WeCom client played in a browser, on the development adapter only (production refuses it anyway).
  if (!config.production && isDevelopmentAdapter(providers.wecom)) await app.register(sidebarDev);
  await app.register(web);
  return app;
}
