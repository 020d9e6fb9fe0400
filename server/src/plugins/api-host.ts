/**
 * One API host (main under /api, work-chat under /wecom, AI under /ai): the envelope, the
 * encryption of answers, the token check, the error handler, and the route plugins of that host.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { encryptText } from '../http/cipher';
import { isCancelledQuery } from '../db/database';
import { ApiError, Code, Envelope } from '../http/envelope';
import { authenticate, authorize } from './auth';
import { routeModules, type Host, type RouteContext } from '../routes';
import { firstProblem } from '../http/input';
import { answerSchemaOf } from '../http/contract';
import { editionGate } from '../entitlements';

export interface ApiHostOptions {
  host: Host;
  /** Main and work-chat answers are encrypted; AI answers are not (docs/ARCHITECTURE.md). */
  encrypt: boolean;
}

// Read from the URL: validation replaces request.query with the parsed input, which drops yj-test.
const asksPlain = (request: FastifyRequest) => /[?&]yj-test(=|&|$)/.test(request.url);

/**
 * Request schemas are zod (contracts/): a refusal is an ApiError with the field's own Chinese
 * message (contracts/fields.ts), which the error handler answers as it is.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => (data) => {
  const result = schema.safeParse(data);
  return result.success ? { value: result.data } : { error: new ApiError(Code.badInput, firstProblem(result.error.issues, data)) };
};

/** Answers are serialized as they are; their schemas document them and are checked in development. */
const serializerCompiler = () => (data: unknown) => JSON.stringify(data);

/** Turns any thrown error into an envelope with a Chinese message and never a stack trace. */
export function envelopeForError(error: unknown, request: FastifyRequest): { status: number; envelope: Envelope<unknown> } {
  if (error instanceof ApiError) return { status: 200, envelope: new Envelope(error.code, error.msg, error.data) };
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error instanceof SyntaxError && status === 400)) {
    return { status: 200, envelope: new Envelope(Code.badInput, '请求内容不是有效的 JSON', null) };
  }
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 200, envelope: new Envelope(Code.badInput, '请求内容过大', null) };
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status: 200, envelope: new Envelope(Code.badInput, '不支持的请求内容类型', null) };
  if (fastifyError.code === 'FST_STATIC_FORBIDDEN_PATH') return { status: 200, envelope: new Envelope(Code.forbidden, '不允许访问该路径', null) };
  if (status >= 400 && status < 500) return { status: 200, envelope: new Envelope(Code.badInput, '请求参数不正确', null) };
  if (isCancelledQuery(error)) {
    request.log.warn({ err: error }, 'statement timeout');
    return { status: 200, envelope: new Envelope(Code.timeout, '查询超时，请缩小搜索条件后重试', null) };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, envelope: new Envelope(Code.internal, '服务器开小差了，请稍后再试', null) };
}

export default async function apiHost(app: FastifyInstance, options: ApiHostOptions) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The spec's clients send some calls' input as query params and others as a body: a body
  // schema sees both, merged (body wins), so each route declares its input once.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.schema?.body) return;
    const { 'yj-test': _plain, ...query } = (request.query ?? {}) as Record<string, unknown>;
    const body = request.body;
    if (body === undefined || body === null) request.body = query;
    else if (typeof body === 'object' && !Array.isArray(body)) request.body = { ...query, ...body };
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.public) return;
    if (!request.routeOptions.url) return; // unknown path: the not-found handler answers
    await authenticate(app, request);
    authorize(request);
    // Before any query of its own: a refused heavy call costs the database nothing.
    if (request.routeOptions.config.heavy) await app.heavyWork.enter(request, reply);
    // What the chain has paid for: an expired edition's grace period and locking, add-on routes.
    await editionGate(app.db, request, app.config.timeZone);
  });

  // Handlers answer their data (or ok(data)); whatever they return, null included, is enveloped.
  // Outside production the data is checked against the route's answer schema, so a contract that
  // drifts from the code fails the tests instead of surprising a widget.
  const checkAnswers = !app.config.production;
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    const answer = checkAnswers ? answerSchemaOf(route.schema?.response) : undefined;
    const heavy = route.config?.heavy === true;
    route.handler = async function enveloped(this: FastifyInstance, request, reply) {
      const work = async () => handler.call(this, request, reply);
      const result = await (heavy ? app.heavyWork.run(request, work) : work());
      if (result === reply || reply.sent) return result;
      const envelope = result instanceof Envelope ? result : new Envelope(0, 'ok', result ?? null);
      if (answer && envelope.code === 0) {
        const checked = answer.safeParse(envelope.data);
        if (!checked.success) throw new Error(`answer of ${route.method} ${route.url} breaks its contract: ${checked.error.message}`);
      }
      return envelope;
    };
  });

  // yj-test (answers in plain JSON) is a development door: production encrypts every answer.
  const plain = (request: FastifyRequest) => !app.config.production && asksPlain(request);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!options.encrypt || plain(request) || typeof payload !== 'string') return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return payload;
    reply.header('content-type', 'text/plain; charset=utf-8');
    return encryptText(payload, app.config.cipherKey);
  });

  app.setErrorHandler(async (error, request, reply: FastifyReply) => {
    const { status, envelope } = envelopeForError(error, request);
    return reply.status(status).send(envelope);
  });

  // Nothing is built behind the AI host yet (docs/ARCHITECTURE.md): every call there says so.
  const unbuilt = options.host === 'ai' ? '（AI 服务尚未开放）' : '';
  app.setNotFoundHandler(async (request, reply) => reply.status(404).send(new Envelope(Code.notFound, `接口不存在：${request.method} ${request.url.split('?')[0]}${unbuilt}`, null)));

  const context: RouteContext = {
    db: app.db,
    config: app.config,
    async caller(request) {
      if (!request.auth) await authenticate(app, request);
      return {
        userId: String(request.auth.userId),
        garageId: String(request.auth.chainId),
        currentGarageId: String(request.auth.garage.id),
        isAdmin: request.auth.isAdmin,
      };
    },
    fail: (code, msg) => new ApiError(code, msg),
    sipWebSocketUrl: app.config.sipWsUrl || undefined,
    sipStunServer: app.config.sipStunServer || undefined,
  };
  for (const module of await routeModules()) {
    if (module.hosts.includes(options.host)) await app.register(module.plugin, context);
  }
}
