/**
 * Settings whose defaults are the spec's constants (section 9): the local port 3200 and the fixed
 * STUN server, each with what a deployment may say instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import viteConfig from '../../host-app/vite.config';
import { DEFAULT_STUN_SERVER, loadConfig } from './config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const configOf = (env: Record<string, string>) => loadConfig(env, { dataDir, jwtSecret: 'config-test-secret' });

describe('the local port (spec 9: 3200)', () => {
  it('is where the server listens and what its own address says, unless PORT says otherwise', () => {
    expect(configOf({})).toMatchObject({ port: 3200, publicUrl: 'http://localhost:3200' });
    expect(configOf({ PORT: '4100' })).toMatchObject({ port: 4100, publicUrl: 'http://localhost:4100' });
  });

  it("is where `npm run dev`'s Vite sends the API, the widget bundles and version.json", () => {
    const proxy = (viteConfig as { server: { proxy: Record<string, string> } }).server.proxy;
    for (const prefix of ['/api', '/wecom', '/ai', '/widgets', '/version.json']) {
      expect(new URL(proxy[prefix]).port, prefix).toBe(String(configOf({}).port));
    }
  });
});

describe('the STUN server (spec 9: a fixed one)', () => {
  it('is a fixed public server by default, in development and production alike', () => {
    expect(DEFAULT_STUN_SERVER).toMatch(/^stun:[a-z0-9.-]+:\d+$/);
    expect(configOf({}).sipStunServer).toBe(DEFAULT_STUN_SERVER);
    expect(configOf({ NODE_ENV: 'production', GARAGE_CIPHER_KEY: 'k3y-of-this-garage-chain-2026-xx' }).sipStunServer).toBe(DEFAULT_STUN_SERVER);
  });

  it('is the deployment\'s own with SIP_STUN_SERVER, or none when it is set empty (a LAN)', () => {
    expect(configOf({ SIP_STUN_SERVER: 'stun:stun.garage.example.cn:3478' }).sipStunServer).toBe('stun:stun.garage.example.cn:3478');
    expect(configOf({ SIP_STUN_SERVER: '' }).sipStunServer).toBe('');
  });

  it("is none for npm start's demo line on loopback, unless named", () => {
    const demoLine = { SIP_DEMO_KAMAILIO_DIR: '/tmp/demo-kamailio', SIP_DEMO_CALLEE: '9999:0123456789abcdef0123456789abcdef' };
    expect(configOf(demoLine).sipStunServer).toBe('');
    expect(configOf({ ...demoLine, SIP_STUN_SERVER: 'stun:stun.garage.example.cn:3478' }).sipStunServer).toBe('stun:stun.garage.example.cn:3478');
  });

  it('refuses to start on something that is not a STUN address, saying so in Chinese', () => {
    expect(() => configOf({ SIP_STUN_SERVER: 'stun.example.com:3478' })).toThrow(/SIP_STUN_SERVER 应为 STUN 地址/);
  });
});
