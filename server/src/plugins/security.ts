/**
 * App layer: security headers (@fastify/helmet) and CORS (@fastify/cors), configured, not written.
 *
 * - CSP allows exactly what the host app loads: our scripts, inline styles (React style attributes
 *   and Shoelace's shadow-root <style>), images and fonts from us or data:, API calls to us and
 *   the SIP WebSockets. frame-ancestors is FRAME_ANCESTORS; the WeCom sidebar page (/sidebar) adds
 *   WeCom's clients to it and WeCom's JS-SDK hosts to script-src.
 * - CORS: widget bundles and version.json are public files any page may load; the API answers
 *   only the origins in CORS_ORIGINS ('*' = any, the development default), never `Origin: null`
 *   (sandboxed frames, file: pages). Tokens travel in headers, never cookies.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import { WECOM_FRAME_ANCESTORS, WECOM_SCRIPT_SOURCES, WECOM_SIDEBAR_PATH } from '../../../contracts/api/wecom';

const PUBLIC_FILES = /^\/(widgets|dist)\/|^\/version\.json/;
const API = /^\/(api|wecom|ai)\//;

/**
 * Where the phone bar may open its signalling WebSocket: any secure one (an admin may give an
 * operator another SIP server than SIP_WS_URL), the configured one, and in development plain ws:
 * (a Kamailio on the developer's machine has no certificate; an HTTPS page may not use ws: anyway).
 */
function sipSources(config: { sipWsUrl: string; production: boolean }): string[] {
  const sources = ['wss:'];
  if (config.sipWsUrl) {
    const url = new URL(config.sipWsUrl);
    sources.push(`${url.protocol}//${url.host}`);
  }
  if (!config.production) sources.push('ws:');
  return [...new Set(sources)];
}

async function security(app: FastifyInstance) {
  const config = app.config;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Shoelace fetches its inline (data:) icons.
        connectSrc: ["'self'", 'data:', ...sipSources(config)],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: config.frameAncestors,
      },
    },
    // Bundles are loaded by partner pages (<script type="module" src=…> from another origin).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // frame-ancestors decides framing; X-Frame-Options cannot express an allow-list.
    frameguard: false,
  });

  const anyOrigin = config.corsOrigins.includes('*');
  const apiOrigin = (origin: string | undefined) => origin !== undefined && origin !== 'null' && (anyOrigin || config.corsOrigins.includes(origin));
  const optionsFor = (request: FastifyRequest): FastifyCorsOptions => {
    const path = request.url;
    if (PUBLIC_FILES.test(path)) return { origin: '*' };
    if (API.test(path) && apiOrigin(request.headers.origin)) {
      return {
        origin: true,
        methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
        allowedHeaders: ['token', 'mac', 'content-type'],
        exposedHeaders: ['token'],
        maxAge: 600,
      };
    }
    return { origin: false };
  };
  await app.register(cors, { delegator: (request, callback) => callback(null, optionsFor(request)) });

  // The WeCom chat sidebar page: framed by WeCom's clients, and it loads WeCom's own JS-SDK.
  const sidebarPage = new RegExp(`^${WECOM_SIDEBAR_PATH}(?:[/?#]|$)`);
  const frameAncestors = [...new Set([...config.frameAncestors, ...WECOM_FRAME_ANCESTORS])].join(' ');
  app.addHook('onSend', async (request, reply, payload) => {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && sidebarPage.test(request.url)) {
      reply.header(
        'content-security-policy',
        csp
          .replace(/frame-ancestors [^;]*/, `frame-ancestors ${frameAncestors}`)
          .replace(/script-src [^;]*/, (directive) => `${directive} ${WECOM_SCRIPT_SOURCES.join(' ')}`),
      );
    }
    return payload;
  });

  // Same-origin browsers read the token header too (spec: exposed to browsers).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.hasHeader('token')) reply.header('access-control-expose-headers', 'token');
    return payload;
  });
}

export default fp(security, { name: 'security' });
