/**
 * GET /sidebar: the page WeCom opens in a customer chat's sidebar (聊天工具栏). A small page of its
 * own rather than a host-app route: one script (dist/widgets/wecom-sidebar.js, built from
 * widgets/wecom-contact/sidebar.ts) that shares the widgets' chunks, no router, no layout, no React.
 *
 * Its CSP is the app's (plugins/security.ts) with two additions for this page only: WeCom's JS-SDK
 * scripts, and WeCom's web origins among the frame ancestors (the desktop and mobile clients open
 * the page in their own webview; WeCom's web pages frame it).
 */
import type { FastifyInstance } from 'fastify';
import { WECOM_FRAME_ANCESTORS, WECOM_SCRIPT_ORIGINS, sidebarHtml } from './sidebar-html';

function withDirective(policy: string, name: string, extra: string[]): string {
  const directives = policy.split(';').map((part) => part.trim()).filter(Boolean);
  const index = directives.findIndex((part) => part.split(/\s+/)[0] === name);
  if (index < 0) return [...directives, `${name} ${extra.join(' ')}`].join(';');
  const sources = directives[index].split(/\s+/).slice(1);
  // 'none' cannot be combined with sources.
  const merged = [...new Set([...sources.filter((source) => source !== "'none'"), ...extra])];
  directives[index] = `${name} ${merged.join(' ')}`;
  return directives.join(';');
}

export default async function sidebarPage(app: FastifyInstance) {
  const html = sidebarHtml();
  app.get('/sidebar', async (_request, reply) => {
    const policy = String(reply.getHeader('content-security-policy') ?? '');
    if (policy) {
      reply.header('content-security-policy', withDirective(withDirective(policy, 'script-src', WECOM_SCRIPT_ORIGINS), 'frame-ancestors', WECOM_FRAME_ANCESTORS));
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
