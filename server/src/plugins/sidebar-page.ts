/**
 * GET /sidebar: the page WeCom opens in a customer chat's sidebar (聊天工具栏). A small page of its
 * own rather than a host-app route: one script (dist/widgets/wecom-sidebar.js, built from
 * widgets/wecom-contact/sidebar.ts) that shares the widgets' chunks, no router, no layout, no React.
 *
 * Its CSP is the app's with two additions for this page only, made in plugins/security.ts: WeCom's
 * JS-SDK scripts, and WeCom's web origins among the frame ancestors (the desktop and mobile clients
 * open the page in their own webview; WeCom's web pages frame it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sidebarHtml } from './sidebar-html';

/** The script and its chunks, as the build listed them (scripts/build-widgets.mjs, sidebarPreloads); none without a build. */
export function sidebarScripts(distDir: string): string[] | undefined {
  try {
    const paths: unknown = JSON.parse(readFileSync(path.join(distDir, 'widgets', 'wecom-sidebar.preload.json'), 'utf8'));
    return Array.isArray(paths) && paths.every((each) => typeof each === 'string' && /^\/widgets\/[\w./-]+\.js$/.test(each)) ? paths : undefined;
  } catch {
    return undefined;
  }
}

export default async function sidebarPage(app: FastifyInstance) {
  const html = sidebarHtml(sidebarScripts(app.config.distDir));
  app.get('/sidebar', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
