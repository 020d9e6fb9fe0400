/**
 * GET /sidebar: the page WeCom opens in a customer chat's sidebar (聊天工具栏). A small page of its
 * own rather than a host-app route: one script (dist/widgets/wecom-sidebar.js, built from
 * widgets/wecom-contact/sidebar.ts) that shares the widgets' chunks, no router, no layout, no React.
 *
 * Its CSP is the app's with two additions for this page only, made in plugins/security.ts: WeCom's
 * JS-SDK scripts, and WeCom's web origins among the frame ancestors (the desktop and mobile clients
 * open the page in their own webview; WeCom's web pages frame it).
 */
import type { FastifyInstance } from 'fastify';
import { sidebarHtml } from './sidebar-html';

export default async function sidebarPage(app: FastifyInstance) {
  const html = sidebarHtml();
  app.get('/sidebar', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
