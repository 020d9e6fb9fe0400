/**
 * The route plugins, one file per domain: server/src/routes/<domain>.ts default-exports a Fastify
 * plugin and may export `hosts` (default ['main', 'wecom']: registered under /api and /wecom).
 * Every file is named in ROUTE_FILES below (listed-files.test.ts fails on a file of this folder left out):
 * a list the bundle of `npm start` can follow, unlike a folder read at run time.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import * as analysis from './analysis';
import * as authority from './authority';
import * as call from './call';
import * as customer from './customer';
import * as customerAnalysis from './customer-analysis';
import * as customerOperations from './customer-operations';
import * as erp from './erp';
import * as garage from './garage';
import * as help from './help';
import * as importRoutes from './import';
import * as insurance from './insurance';
import * as login from './login';
import * as maintenance from './maintenance';
import * as mall from './mall';
import * as metrics from './metrics';
import * as organization from './organization';
import * as potential from './potential';
import * as report from './report';
import * as sipEvents from './sip-events';
import * as sms from './sms';
import * as storeBasics from './store-basics';
import * as stores from './stores';
import * as sys from './sys';
import * as tag from './tag';
import * as user from './user';
import * as wecom from './wecom';
import * as workbench from './workbench';

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

interface RouteFile {
  default?: unknown;
  hosts?: Host[];
}

/** The route files by name, in name order (the order their plugins are registered in). */
export const ROUTE_FILES: Record<string, RouteFile> = {
  analysis,
  authority,
  call,
  customer,
  'customer-analysis': customerAnalysis,
  'customer-operations': customerOperations,
  erp,
  garage,
  help,
  import: importRoutes,
  insurance,
  login,
  maintenance,
  mall,
  metrics,
  organization,
  potential,
  report,
  'sip-events': sipEvents,
  sms,
  'store-basics': storeBasics,
  stores,
  sys,
  tag,
  user,
  wecom,
  workbench,
};

export function routeModules(): Promise<RouteModule[]> {
  return Promise.resolve(
    Object.entries(ROUTE_FILES).map(([name, module]) => {
      if (typeof module.default !== 'function') throw new Error(`server/src/routes/${name}.ts must default-export a Fastify plugin`);
      return { name, plugin: module.default as RouteModule['plugin'], hosts: module.hosts ?? ['main', 'wecom'] };
    }),
  );
}
