/**
 * What a chain has paid for, enforced by the server (issue 14). Two rules:
 *
 * - An add-on guards its routes: `serve(app, call, { config: { entitlement: 'web_phone' } }, …)`
 *   (or `requireEntitlement(db, chainId, code, today)` inside a handler) answers 403 with a clear
 *   Chinese message when the chain has not bought it or it has expired.
 * - The edition: after its last day the chain has GRACE_DAYS read-only days (reads answer, writes
 *   are refused), then it is locked (only signing in, the account, and the mall to renew answer).
 *   Nothing is ever deleted. A chain without an edition row (made before the mall) is not limited.
 * - What the edition includes (issue 33) is contracts/rules/mall.ts ALLOWANCES, the table the price
 *   list is generated from: a feature guards its routes (`config: { editionFeature: 'big_screen' }`),
 *   the import and the audit log read their limits through `allowanceOfChain`.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Queryable } from './db/database';
import { ApiError, Code } from './http/envelope';
import { today as garageToday, type Day } from '../../contracts/dates';
import {
  addOnOf, addOnState, allowanceOf, EDITION_MODULE, editionOf, editionState, entitlementRefusal, featureRefusal,
  type AddOnCode, type Allowance, type EditionFeature, type EntitlementState,
} from '../../contracts/rules/mall';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The add-on the chain must hold to use this route (issue 14). */
    entitlement?: AddOnCode;
    /** The feature the chain's edition must include to use this route (issue 33). */
    editionFeature?: EditionFeature;
  }
}

/** The chain's edition (its plan, whatever its state: a lapsed edition keeps its limits) and what it includes. */
export async function allowanceOfChain(db: Queryable, chainId: number): Promise<{ edition: string | null; allowance: Allowance }> {
  const row = await db.one<{ plan: string | null }>(sql`SELECT plan FROM garage_module WHERE chain_id = ${chainId} AND code = ${EDITION_MODULE}`);
  return { edition: row?.plan ?? null, allowance: allowanceOf(row?.plan) };
}

export async function entitlementState(db: Queryable, chainId: number, code: AddOnCode, today: Day): Promise<EntitlementState> {
  const row = await db.one<{ enabled: boolean; expiresAt: Day | null }>(sql`
    SELECT enabled, expires_at AS "expiresAt" FROM garage_module WHERE chain_id = ${chainId} AND code = ${code}`);
  return addOnState(!!row?.enabled, row?.expiresAt ?? null, today);
}

/** Refuses (403, Chinese) unless the chain holds the add-on today. */
export async function requireEntitlement(db: Queryable, chainId: number, code: AddOnCode, today: Day): Promise<void> {
  const state = await entitlementState(db, chainId, code, today);
  if (state !== 'active') throw new ApiError(Code.forbidden, entitlementRefusal(addOnOf(code)?.name ?? code, state));
}

/** Paths (under /api or /wecom) that answer whatever the edition's state: signing in, the account, renewing. */
const ALWAYS_OPEN = [/^\/user\//, /^\/qy\//, /^\/sys\//, /^\/garage\/(switchable-list|switch|module)$/, /^\/garageModule\/one$/, /^\/help(\/|$)/, /^\/mall\//];

export async function editionGate(db: Queryable, request: FastifyRequest, timeZone: string): Promise<void> {
  const path = (request.routeOptions.url ?? '').replace(/^\/(api|wecom|ai)(?=\/)/, '');
  const config = request.routeOptions.config;
  const today = garageToday(timeZone);
  const needs = config.entitlement;
  const rows = await db.rows<{ code: string; plan: string | null; enabled: boolean; expiresAt: Day | null }>(sql`
    SELECT code, plan, enabled, expires_at AS "expiresAt" FROM garage_module
     WHERE chain_id = ${request.auth.chainId} AND (code = ${EDITION_MODULE} OR code = ${needs ?? ''})`);
  const edition = rows.find((row) => row.code === EDITION_MODULE);
  if (edition?.expiresAt && !ALWAYS_OPEN.some((pattern) => pattern.test(path))) {
    const state = editionState(edition.expiresAt, today);
    const name = editionOf(edition.plan ?? '')?.name ?? '当前版本';
    if (state === 'locked') throw new ApiError(Code.forbidden, entitlementRefusal(name, 'locked'));
    if (state === 'grace' && request.method !== 'GET' && request.method !== 'HEAD') throw new ApiError(Code.forbidden, entitlementRefusal(name, 'grace'));
  }
  const feature = config.editionFeature;
  if (feature && !allowanceOf(edition?.plan).features.includes(feature)) throw new ApiError(Code.forbidden, featureRefusal(feature, edition?.plan));
  if (needs) {
    const row = rows.find((entry) => entry.code === needs);
    const state = addOnState(!!row?.enabled, row?.expiresAt ?? null, today);
    if (state !== 'active') throw new ApiError(Code.forbidden, entitlementRefusal(addOnOf(needs)?.name ?? needs, state));
  }
}
