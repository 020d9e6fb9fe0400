/**
 * The application as a plugin-layered Fastify instance (fastify/demo's layout):
 *   external — configuration, database (migrations, first-start seed), providers
 *   app      — CORS, the envelope/encryption/auth of each API host (plugins/api-host.ts)
 *   routes   — server/src/routes/<domain>.ts under /api and /wecom (and /ai), then the front end
 * server.ts only listens; tests call buildApp and inject or listen on a random port.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import './types';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { Providers } from './types';
import { openAppDatabase } from './plugins/database';
import { developmentSms } from './providers/sms';
import { developmentWecom, wecomApi } from './providers/wecom';
import apiHost from './plugins/api-host';
import web from './plugins/web';

export interface BuildOptions {
  /** An already open database (tests); otherwise opened from the configuration. */
  database?: Database;
  providers?: Partial<Providers>;
  logger?: boolean;
}

export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    // One line per request drowns the log that matters (errors, SMS codes); errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });

  // external
  app.decorate('config', config);
  // Declared up front so every request object has the same shape (V8 keeps it fast).
  app.decorateRequest('auth', null as never);
  app.decorateRequest('scope', null as never);
  let db: Database;
  try {
    db = await openAppDatabase(app, options.database);
  } catch (error) {
    await app.close();
    throw error;
  }
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    if (!options.database) await db.close();
  });
  app.decorate('providers', {
    sms: options.providers?.sms ?? developmentSms(db, (line) => app.log.info(line)),
    wecom: options.providers?.wecom ?? (config.wecomCorpId && config.wecomSecret ? wecomApi(config.wecomCorpId, config.wecomSecret) : developmentWecom()),
  });

  // app: CORS for widgets embedded on partner pages (tokens travel in headers, never cookies).
  const anyOrigin = config.corsOrigins.includes('*');
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    // Widget bundles are ES modules (loaded in CORS mode) and fetch their icons: public files,
    // no credentials, so any page may load them.
    if (/^\/(widgets|dist)\/|^\/version\.json/.test(request.url)) {
      reply.header('access-control-allow-origin', '*');
      return;
    }
    if (!/^\/(api|wecom|ai)\//.test(request.url)) return;
    if (!anyOrigin && !config.corsOrigins.includes(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    reply.header('access-control-expose-headers', 'token');
    if (request.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET,POST,PUT,DELETE,OPTIONS');
      reply.header('access-control-allow-headers', 'token,mac,content-type');
      reply.header('access-control-max-age', '600');
      return reply.status(204).send();
    }
  });
  // Same-origin browsers read the token header too (spec: exposed to browsers).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.hasHeader('token')) reply.header('access-control-expose-headers', 'token');
    return payload;
  });

  // routes
  await app.register(apiHost, { prefix: '/api', host: 'main', encrypt: true });
  await app.register(apiHost, { prefix: '/wecom', host: 'wecom', encrypt: true });
  await app.register(apiHost, { prefix: '/ai', host: 'ai', encrypt: false });
  await app.register(web);
  return app;
}
