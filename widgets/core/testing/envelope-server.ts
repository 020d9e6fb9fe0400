/**
 * A real HTTP server for the core's tests: answers `{ code, msg, data }` envelopes encrypted with
 * the shared cipher, exactly as the server does (docs/ARCHITECTURE.md), and records what it was asked.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encryptText } from '../crypto/cipher';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  envelope?: { code: number; msg: string; data?: unknown };
  /** Sent as is instead of an envelope. */
  raw?: string;
  status?: number;
  delayMs?: number;
  /** Do not encrypt even without `yj-test` (an unencrypted body the client must keep). */
  plain?: boolean;
  headers?: Record<string, string>;
}

export type Route = (request: RecordedRequest) => Answer | Promise<Answer>;

export const ok = (data: unknown): Answer => ({ envelope: { code: 0, msg: 'ok', data } });

export interface EnvelopeServer {
  url: string;
  requests: RecordedRequest[];
  routes: Map<string, Route>;
  close(): Promise<void>;
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET,POST,PUT,DELETE,OPTIONS',
  'access-control-allow-headers': 'token,mac,content-type',
  'access-control-expose-headers': 'token',
};

export async function startEnvelopeServer(routes: Record<string, Route> = {}, cipherKey?: string): Promise<EnvelopeServer> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const server = createServer(async (incoming, outgoing) => {
    if (incoming.method === 'OPTIONS') {
      outgoing.writeHead(204, corsHeaders).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const address = new URL(incoming.url ?? '/', 'http://localhost');
    const request: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path: address.pathname,
      query: address.searchParams,
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    const route = table.get(`${request.method} ${request.path}`) ?? table.get(request.path);
    const answer: Answer = route ? await route(request) : { status: 404, raw: 'not found' };
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    let body = answer.raw ?? JSON.stringify(answer.envelope ?? { code: 0, msg: 'ok', data: null });
    if (answer.raw === undefined && !answer.plain && !request.query.has('yj-test')) body = encryptText(body, cipherKey);
    if (outgoing.destroyed) return;
    outgoing.writeHead(answer.status ?? 200, { 'content-type': 'text/plain; charset=utf-8', ...corsHeaders, ...answer.headers });
    outgoing.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes: table,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
