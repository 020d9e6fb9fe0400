/**
 * The route plugins, one file per domain: server/src/routes/<domain>.ts default-exports a Fastify
 * plugin and may export `hosts` (default ['main', 'wecom']: registered under /api and /wecom).
 * Files are picked up from this folder, so a feature adds its routes without editing a shared list.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';

export type Host = 'main' | 'wecom' | 'ai';

/**
 * Options every route plugin is registered with, for plugins that prefer explicit dependencies
 * over `app.db` / `request.auth` (both work).
 */
export interface RouteContext {
  db: Database;
  config: ServerConfig;
  /** The authenticated caller; `garageId` is the tenant (chain) id, stable across garage switches. */
  caller(request: FastifyRequest): Promise<{ userId: string; garageId: string; currentGarageId: string; isAdmin: boolean }>;
  /** An error the envelope handler answers as { code, msg }. */
  fail(code: number, msg: string): Error;
  sipWebSocketUrl?: string;
  sipStunServer?: string;
}

export interface RouteModule {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- plugins declare their own option types
  plugin: FastifyPluginAsync<any>;
  hosts: Host[];
}

const ROUTES_DIR = import.meta.dirname;

let loaded: Promise<RouteModule[]> | undefined;

export function routeModules(): Promise<RouteModule[]> {
  loaded ??= (async () => {
    const files = readdirSync(ROUTES_DIR)
      .filter((file) => /^[a-z][\w-]*\.ts$/.test(file) && !file.endsWith('.test.ts') && file !== 'index.ts')
      .sort();
    const modules: RouteModule[] = [];
    for (const file of files) {
      const module = (await import(pathToFileURL(path.join(ROUTES_DIR, file)).href)) as { default?: RouteModule['plugin']; hosts?: Host[] };
      if (typeof module.default !== 'function') throw new Error(`server/src/routes/${file} must default-export a Fastify plugin`);
      modules.push({ name: file.replace(/\.ts$/, ''), plugin: module.default, hosts: module.hosts ?? ['main', 'wecom'] });
    }
    return modules;
  })();
  return loaded;
}
