/**
 * Kamailio's dialog events, the source of call billing (issue 10). Kamailio's `dialog` module runs
 * event_route[dialog:start] when a call is answered (200 OK to the INVITE) and
 * event_route[dialog:end] on BYE or timeout; tests/kamailio/kamailio.cfg posts each here with
 * `http_client_query`, form-encoded:
 *
 *   POST /api/call/sip-events        header X-Sip-Events-Secret: <SIP_EVENTS_SECRET>
 *     event=start|end  callId=<SIP Call-ID>  caller=<SIP user>  realm=<SIP domain>  callee=<dialled user>
 *     answeredAt=<unix seconds.micro>  endedAt=<unix seconds.micro, end only>
 *
 * The caller's SIP account says which chain pays, so a call dialled with the SIP credentials
 * without our phone bar is billed all the same. Only on /api: Kamailio is no WeCom client.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError, Code } from '../http/envelope';
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/call';
import { findSipAccountOwner, recordSipEnd, recordSipStart } from '../repositories/call';
import type { RouteContext, Host } from './index';

export const hosts: Host[] = ['main'];

export const SIP_EVENTS_SECRET_HEADER = 'x-sip-events-secret';

/** Constant-time comparison, so the secret cannot be guessed one character at a time. */
function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default async function sipEventRoutes(app: FastifyInstance, options: RouteContext): Promise<void> {
  const secret = options.config.sipEventsSecret;
  // http_client posts form fields; this parser lives in this plugin's scope only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // No user token: Kamailio authenticates with the shared secret, checked before the input is
  // read, so a caller without it learns nothing about what the route takes.
  app.addHook('preValidation', async (request) => {
    if (!secret) throw new ApiError(Code.notFound, '未配置 SIP 事件');
    if (!sameSecret(request.headers[SIP_EVENTS_SECRET_HEADER], secret)) throw new ApiError(Code.forbidden, 'SIP 事件密钥不正确');
  });

  serve(app, calls.sipEvent, { config: { public: true } }, async (event, request) => {
    const owner = await findSipAccountOwner(options.db, event.caller, event.realm);
    if (!owner) {
      request.log.warn({ caller: event.caller, realm: event.realm, callId: event.callId }, 'SIP call from an account we do not know');
      throw new ApiError(Code.notFound, '该 SIP 账号不存在');
    }
    const call = { ...owner, sipCallId: event.callId, number: event.callee, answeredAt: event.answeredAt };
    if (event.event === 'start') {
      await recordSipStart(options.db, call);
      return null;
    }
    if (event.endedAt < event.answeredAt) throw new ApiError(Code.badInput, '通话结束时间早于开始时间');
    return recordSipEnd(options.db, { ...call, endedAt: event.endedAt });
  });
}
