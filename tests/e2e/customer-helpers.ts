/**
 * Browser helpers of the customer journeys: builds the customer widgets (one widget build per test
 * file, into a temp folder) and serves plain HTML pages from another origin, each holding one of
 * our elements with `token` and `api-base` — the "works alone on a plain page" setup.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { widgetBuild } from '../support/widget-build';

const root = path.resolve(import.meta.dirname, '../..');

// 短信营销 too: a maintenance campaign's journey ends in its composer (customer-journeys.test.ts).
export const CUSTOMER_FEATURES = ['customer-list', 'customer-groups', 'tag-manage', 'customer-board', 'vehicle-panorama', 'maint-timeline', 'sms-marketing'];

export interface WidgetSite {
  url: string;
  /** A page with one element: `pageFor('garage-customer-list', { token, 'api-base': … })`. */
  pageFor(tag: string, attributes: Record<string, string>, options?: { feature?: string; query?: string }): string;
  close(): Promise<void>;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

async function build(outDir: string) {
  const { bundle, createConfig } = await widgetBuild();
  const features = CUSTOMER_FEATURES.filter((feature) => existsSync(path.join(root, 'widgets', feature, 'index.ts')));
  await bundle(createConfig({ outDir, features }));
}

export async function startWidgetSite(): Promise<WidgetSite> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'garage-customer-widgets-'));
  await build(outDir);
  const pages = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const page = pages.get(pathname);
    if (page) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    const file = path.join(outDir, pathname.replace(/^\/build\//, ''));
    if (pathname.startsWith('/build/') && file.startsWith(outDir) && existsSync(file) && statSync(file).isFile()) {
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream';
      response.writeHead(200, { 'content-type': `${type}; charset=utf-8` }).end(readFileSync(file));
      return;
    }
    response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  let count = 0;
  return {
    url,
    pageFor(tag, attributes, options = {}) {
      const feature = options.feature ?? tag.replace(/^garage-/, '');
      const rendered = Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      const pagePath = `/page-${(count += 1)}`;
      pages.set(
        pagePath,
        `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>门店管家组件</title>
<style>body{margin:24px;background:#f4f5f7;font:14px serif;color:red}</style>
<script type="module" src="/build/widgets/${feature}.js"></script>
<${tag}${rendered}></${tag}>`,
      );
      return `${url}${pagePath}${options.query ? `?${options.query}` : ''}`;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
