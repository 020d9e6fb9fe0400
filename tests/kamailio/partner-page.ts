/**
 * A partner's web site for phone journeys: another origin than our server, with one script tag of
 * dist/widgets/phone-bar.js and one <garage-phone-bar>. It also serves the test callee page.
 */
import { createServer, type Server } from 'node:http';
import { calleePageHtml } from './browser-bundle';

export interface PartnerSite {
  url: string;
  /** Registers a page at `path` holding the phone bar with the given attributes. */
  addPhonePage(path: string, attributes: Record<string, string>): string;
  calleeUrl: string;
  close(): Promise<void>;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export async function startPartnerSite(garageServerUrl: string): Promise<PartnerSite> {
  const pages = new Map<string, string>();
  const callee = await calleePageHtml();
  pages.set('/callee', callee);
  const server: Server = createServer((request, response) => {
    const page = pages.get((request.url ?? '/').split('?')[0]);
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    calleeUrl: `${url}/callee`,
    addPhonePage(path, attributes) {
      const rendered = Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      pages.set(
        path,
        `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>合作伙伴页面</title>
<style>body{font-family:sans-serif;margin:32px;background:#f4f4f5} h1{font-size:18px}</style>
<h1>合作伙伴客户管理系统</h1>
<p>客户：王先生　电话 13800138000</p>
<script type="module" src="${garageServerUrl}/widgets/phone-bar.js"></script>
<garage-phone-bar${rendered}></garage-phone-bar>
<p><a href="/elsewhere">离开此页</a></p>`,
      );
      return `${url}${path}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
