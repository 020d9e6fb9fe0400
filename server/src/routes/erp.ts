/**
 * Binding the garage to its ERP (POST /api/erp/bind — the spec's path, served under the main host,
 * i.e. /api/api/erp/bind). The ERP password is only passed on to the ERP and never stored.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { readInput, z } from '../http/input';
import { bindErp } from '../repositories/erp';

const ERP_TYPES = ['f6', 'yunxiu', 'kaiche', 'other'] as const;

export default async function erpRoutes(app: FastifyInstance) {
  app.post('/api/erp/bind', { config: { permission: 6 } }, async (request) => {
    const input = readInput(
      request,
      z.object({
        erpType: z.enum(ERP_TYPES, { message: '不支持的 ERP 类型' }),
        account: z.string().trim().min(1, '请输入 ERP 账号').max(64, 'ERP 账号太长'),
        password: z.string().min(1, '请输入 ERP 密码').max(128, 'ERP 密码太长'),
        storeCode: z.string().trim().max(64, 'ERP 门店编码太长').default(''),
      }),
    );
    return ok(await bindErp(app.db, request.auth, input));
  });
}
