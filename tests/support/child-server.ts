/**
 * The real server in its own process, one process so a SIGKILL hits the server itself: the bundle
 * `npm start` runs when the server tests' global setup made one (SERVER_BUNDLE_DIR,
 * tests/support/server-bundle.ts), else `node --import tsx server/src/server.ts` (benches). On a
 * PGlite data folder or a PostgreSQL URL: for tests that kill it (kill -9 and resume) and benches
 * that measure its memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DEFAULT_CIPHER_KEY } from '../../contracts/cipher';
import { decryptText } from '../../widgets/core/crypto/cipher';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface ChildServer {
  url: string;
  process: ChildProcess;
  config: { cipherKey: string };
  call<T>(method: string, apiPath: string, token?: string, body?: unknown): Promise<{ code: number; msg: string; data: T; token: string | null }>;
  /** Peak resident memory of the process so far (Linux VmHWM), in bytes. */
  peakRss(): number;
  /** Resident memory of the process now (Linux VmRSS), in bytes. */
  rss(): number;
  /** SIGTERM (graceful) or SIGKILL, and wait for the exit. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

function statusBytes(child: ChildProcess, field: 'VmHWM' | 'VmRSS'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

export function startChildServer(options: { dataDir: string; databaseUrl?: string; env?: Record<string, string> }): Promise<ChildServer> {
  const bundle = process.env.SERVER_BUNDLE_DIR;
  const entry = bundle ? ['--enable-source-maps', path.join(bundle, 'server.mjs')] : ['--import', 'tsx', path.join(root, 'server', 'src', 'server.ts')];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DAILY_JOBS: '0',
      SEED_ON_EMPTY: '0',
      ...options.env,
      LOG_LEVEL: 'info', // the "Server listening" line is how we learn the port
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const config = { cipherKey: process.env.GARAGE_CIPHER_KEY || DEFAULT_CIPHER_KEY };
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line)?.[1];
      if (!port) return;
      const url = `http://127.0.0.1:${port}`;
      resolve({
        url,
        process: child,
        config,
        async call(method, apiPath, token, body) {
          const response = await fetch(`${url}/api${apiPath}`, {
            method,
            headers: { ...(token ? { token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          });
          const answer = JSON.parse(decryptText(await response.text(), config.cipherKey));
          return { ...answer, token: response.headers.get('token') };
        },
        peakRss: () => statusBytes(child, 'VmHWM'),
        rss: () => statusBytes(child, 'VmRSS'),
        async stop(signal = 'SIGTERM') {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((done) => child.once('exit', done));
          child.kill(signal);
          await exited;
        },
      });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
}
