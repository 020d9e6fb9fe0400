/** Permissions and roles of the signed-in user (spec 6). */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/account';

export default async function sysRoutes(app: FastifyInstance) {
  serve(app, calls.userPermissions, (_input, request) => ok(request.auth.permissions));
  serve(app, calls.userRoles, (_input, request) => ok(request.auth.roles));
}
