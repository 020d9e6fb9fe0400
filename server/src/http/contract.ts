/**
 * Routes from contracts (contracts/api/): `serve(app, call, handler)` registers the call's method
 * and path with its input schema (query for GET, merged query and body otherwise: see
 * plugins/api-host.ts), its answer as the documented 200 envelope (OpenAPI at /api/docs), and
 * hands the handler the validated input. TypeScript holds the handler to the answer's type.
 */
import { z } from 'zod';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { AnswerOf, ApiCall, ParsedInputOf } from '../../../contracts/api/route';
import type { Envelope } from './envelope';

const HEAVY_NOTE = '较重的请求：同一账号、同一连锁同时处理的此类请求有上限，其余排队；排队过多时答 code 429「请求过多，请稍后再试」（应答头 Retry-After）。';

export function schemaOf(call: ApiCall): FastifySchema {
  return {
    summary: call.summary,
    ...(call.heavy ? { description: HEAVY_NOTE } : {}),
    tags: call.tag ? [call.tag] : [],
    ...(call.input ? (call.method === 'GET' ? { querystring: call.input } : { body: call.input }) : {}),
    response: { 200: z.object({ code: z.literal(0), msg: z.literal('ok'), data: call.answer ?? z.unknown() }) },
  } as unknown as FastifySchema;
}

/** The `data` schema of a route's documented 200 answer, if it has one. */
export function answerSchemaOf(response: unknown): z.ZodType | undefined {
  const envelope = (response as Record<string, unknown> | undefined)?.[200];
  if (!(envelope instanceof z.ZodObject)) return undefined;
  const data = envelope.shape.data as z.ZodType;
  return data instanceof z.ZodUnknown ? undefined : data;
}

type Answer<C extends ApiCall> = AnswerOf<C> | Envelope<AnswerOf<C>>;

export function serve<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  options: { config?: FastifyContextConfig } | ((input: ParsedInputOf<C>, request: FastifyRequest, reply: FastifyReply) => Promise<Answer<C>> | Answer<C>),
  maybeHandler?: (input: ParsedInputOf<C>, request: FastifyRequest, reply: FastifyReply) => Promise<Answer<C>> | Answer<C>,
): void {
  const handler = typeof options === 'function' ? options : maybeHandler!;
  const config = typeof options === 'function' ? undefined : options.config;
  app.route({
    method: call.method,
    url: call.path,
    schema: schemaOf(call),
    config: call.heavy ? { ...config, heavy: true } : config,
    handler: (request, reply) => handler((call.method === 'GET' ? request.query : request.body) as ParsedInputOf<C>, request, reply),
  });
}
