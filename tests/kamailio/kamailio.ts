/**
 * Test harness for the web phone's signalling peer: a real Debian Kamailio bound to 127.0.0.1 on a
 * free port, with the repo's config (tests/kamailio/kamailio.cfg) and a throw-away db_text folder
 * holding the subscribers a test provisions (user, realm, HA1 — never a plain password).
 *
 *   const kamailio = await startKamailio({ subscribers: [sipSubscriber('8001', 'garage.test', 'pw')] });
 *   kamailio.url  // ws://127.0.0.1:PORT/webrtc
 *   // Reporting answered calls' start and end to our server, as deployments do (billing):
 *   await startKamailio({ subscribers, sipEvents: { url: `${server.url}/api/call/sip-events`, secret } });
 *   await kamailio.stop();
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeKamailioSubscribers, type SipSubscriber } from '../../server/src/providers/kamailio-subscribers';

export const KAMAILIO_BINARY = '/usr/sbin/kamailio';
export const KAMAILIO_CONFIG = path.join(import.meta.dirname, 'kamailio.cfg');

export type { SipSubscriber };

export interface RunningKamailio {
  /** WebSocket URL the browser's JsSIP connects to. */
  url: string;
  port: number;
  /** The db_text folder: writeKamailioSubscribers(dir, …) there gives or takes lines while it runs. */
  dir: string;
  /** Everything Kamailio logged so far (stderr), for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

export function ha1Of(user: string, realm: string, password: string): string {
  return createHash('md5').update(`${user}:${realm}:${password}`).digest('hex');
}

export function sipSubscriber(user: string, realm: string, password: string): SipSubscriber {
  return { user, realm, ha1: ha1Of(user, realm, password) };
}

const REQUIRED_MODULES = ['websocket.so', 'http_client.so'];

function kamailioModulesPresent(): boolean {
  const libDirs = ['/usr/lib', ...(existsSync('/usr/lib') ? readdirSync('/usr/lib') : [])
    .filter((name) => name.endsWith('-linux-gnu'))
    .map((name) => `/usr/lib/${name}`)];
  return REQUIRED_MODULES.every((module) => libDirs.some((dir) => existsSync(path.join(dir, 'kamailio/modules', module))));
}

/** Whether Kamailio and the modules our config loads are installed. */
export function kamailioInstalled(): boolean {
  return existsSync(KAMAILIO_BINARY) && kamailioModulesPresent();
}

/** Installs kamailio, kamailio-websocket-modules and kamailio-utils-modules (http_client) with apt-get when missing. */
export function ensureKamailioInstalled(): void {
  if (kamailioInstalled()) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args: string[]) => {
    const [command, ...rest] = [...sudo, 'apt-get', ...args];
    return spawnSync(command, rest, { stdio: 'inherit', env }).status;
  };
  if (apt('update', '-qq') !== 0 || apt('install', '-y', '-qq', '--no-install-recommends', 'kamailio', 'kamailio-websocket-modules', 'kamailio-utils-modules') !== 0) {
    throw new Error('apt-get could not install kamailio, kamailio-websocket-modules and kamailio-utils-modules');
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface SipEventsTarget {
  /** Our server's POST /api/call/sip-events. */
  url: string;
  /** SIP_EVENTS_SECRET of that server. */
  secret: string;
}

/** A value for a -A define: the cfg sees it as a quoted string, so it must not contain quotes. */
function defineValue(name: string, value: string): string {
  if (!/^[\x21-\x7e]+$/.test(value) || value.includes('"')) throw new Error(`unsafe ${name}: ${value}`);
  return `${name}="${value}"`;
}

export async function startKamailio(options: {
  /** Written into a new db_text folder; or `dir`: a folder whose table is written already (by our server's demo line). */
  subscribers: SipSubscriber[] | { dir: string };
  /** A port chosen beforehand (a server told where Kamailio will be before it starts); else a free one. */
  port?: number;
  sipEvents?: SipEventsTarget;
  /** The SIP user that takes every call to a number nobody registered (the demo callee). */
  demoCallee?: string;
  timeoutMs?: number;
}): Promise<RunningKamailio> {
  ensureKamailioInstalled();
  let dir: string;
  if ('dir' in options.subscribers) dir = options.subscribers.dir;
  else {
    dir = mkdtempSync(path.join(tmpdir(), 'garage-kamailio-'));
    writeKamailioSubscribers(dir, options.subscribers);
  }
  const port = options.port ?? (await freePort());
  const child = spawn(
    KAMAILIO_BINARY,
    [
      '-f', KAMAILIO_CONFIG,
      '-DD', '-E',
      '-l', `tcp:127.0.0.1:${port}`,
      '-A', `DBURL="text://${dir}"`,
      ...(options.sipEvents
        ? ['-A', defineValue('SIP_EVENTS_URL', options.sipEvents.url), '-A', defineValue('SIP_EVENTS_SECRET', options.sipEvents.secret)]
        : []),
      ...(options.demoCallee ? ['-A', defineValue('DEMO_CALLEE', options.demoCallee)] : []),
      '-Y', dir,
      '-P', path.join(dir, 'kamailio.pid'),
      '-m', '32', '-M', '4',
      '-w', dir,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  running.add(child);
  let log = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    log += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    running.delete(child);
  });

  const stop = async () => {
    if (!hasExited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (!(await canConnect(port))) {
    if (hasExited || Date.now() > deadline) {
      await stop();
      throw new Error(`Kamailio did not start listening on 127.0.0.1:${port}\n${log.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `ws://127.0.0.1:${port}/webrtc`, port, dir, log: () => log, stop };
}
