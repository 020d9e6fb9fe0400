/**
 * Binding the garage to its ERP (POST /api/erp/bind — the spec's path, served under the main host,
 * i.e. /api/api/erp/bind). The ERP password is only passed on to the ERP and never stored.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { serve } from '../http/contract';
import { bindErp as bindErpCall } from '../../../contracts/api/garage';
import { Permission } from '../../../contracts/permissions';
import { bindErp } from '../repositories/erp';

export default async function erpRoutes(app: FastifyInstance) {
  serve(app, bindErpCall, { config: { permission: Permission.settingsCentre } }, async (input, request) => {
    // An upsert with RETURNING always answers its row.
    return ok((await bindErp(app.db, request.auth, input))!);
  });
}
