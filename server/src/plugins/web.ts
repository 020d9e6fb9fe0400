/**
 * The front end: /version.json (no-cache), dist/widgets/ under /widgets/, and the host app for every
 * other GET (SPA fallback to its index.html). A missing build answers a short Chinese page instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Code, Envelope } from '../http/envelope';

const API_PREFIXES = ['/api', '/wecom', '/ai'];
/** Paths that are not the host app's: an unknown one is a 404, never the app's page (e.g. /sidebar/dev in production). */
const OWN_PAGES = ['/sidebar'];
const under = (url: string, prefixes: string[]) => prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

export default async function web(app: FastifyInstance) {
  const dist = app.config.distDir;
  const hostApp = path.join(dist, 'host-app');
  const widgets = path.join(dist, 'widgets');
  const startedAt = Date.now();

  app.get('/version.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache, no-store, must-revalidate');
    const file = path.join(dist, 'version.json');
    if (existsSync(file)) return reply.type('application/json').send(readFileSync(file, 'utf8'));
    return { VERSION_TIME: startedAt };
  });

  // The build writes .br and .gz beside each text file (scripts/build.mjs); sent as they are.
  if (existsSync(widgets)) {
    await app.register(fastifyStatic, { root: widgets, prefix: '/widgets/', decorateReply: false, cacheControl: true, maxAge: '1h', preCompressed: true });
  }
  // dist/garage-widgets.js and its chunks sit at the top of dist/. /dist/openapi.json is plugins/openapi.ts's
  // (answered only where the API document is public): an old build's file there is never served.
  if (existsSync(dist)) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/dist/',
      decorateReply: false,
      maxAge: '1h',
      preCompressed: true,
      allowedPath: (pathName) => !pathName.replace(/^\/+/, '').startsWith('openapi.json'),
    });
  }
  const hasHostApp = existsSync(path.join(hostApp, 'index.html'));
  if (hasHostApp) {
    await app.register(fastifyStatic, {
      root: hostApp,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // Vite names every file under assets/ by its content hash: a new build is a new name.
      setHeaders: (reply, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (under(url, API_PREFIXES) || request.method !== 'GET') {
      return reply.status(404).send(new Envelope(Code.notFound, `接口不存在：${request.method} ${url}`, null));
    }
    if (under(url, OWN_PAGES)) return reply.status(404).type('text/html; charset=utf-8').send(`<!doctype html><meta charset="utf-8"><title>门店管家</title><p>页面不存在：${url.replace(/[<>&"']/g, '')}</p>`);
    if (path.extname(url) && !url.endsWith('.html')) return reply.status(404).send(new Envelope(Code.notFound, `文件不存在：${url}`, null));
    if (!hasHostApp) {
      return reply
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><title>门店管家</title><p>前端尚未构建，请先运行 <code>npm run build</code>（或 <code>npm start</code>）。</p>');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', hostApp, { cacheControl: false });
  });
}
