/** Permissions and roles of the signed-in user (spec 6). */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';

export default async function sysRoutes(app: FastifyInstance) {
  app.get('/sys/permission/user', async (request) => ok(request.auth.permissions));
  app.get('/sys/role/user', async (request) => ok(request.auth.roles));
}
