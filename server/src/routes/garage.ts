/** Garage switching and the garage's display settings and modules. */
import type { FastifyInstance } from 'fastify';
import { ApiError, Code, ok } from '../http/envelope';
import { booleanish, positiveId, readInput, z } from '../http/input';
import { switchGarage, switchableGarages } from '../repositories/accounts';
import { changeSetting, modulesOf, settingsOf } from '../repositories/settings';

/** Permission id of the settings centre (docs/DECISIONS.md). */
const SETTINGS = 6;

export default async function garageRoutes(app: FastifyInstance) {
  app.get('/garage/switchable-list', async (request) => {
    const garages = await switchableGarages(app.db, request.auth);
    return ok(
      garages.map((garage) => ({
        id: garage.id,
        code: garage.code,
        name: garage.name,
        isHq: garage.is_hq,
        isOldVersion: garage.is_old_version,
        selected: garage.id === request.auth.garage.id,
      })),
    );
  });

  app.put('/garage/switch', async (request) => {
    const { garageId } = readInput(request, z.object({ garageId: positiveId }), { garageId: '门店' });
    if (!(await switchGarage(app.db, request.auth, garageId))) throw new ApiError(Code.forbidden, '无权切换到该门店');
    return ok({ garageId });
  });

  app.get('/garageModule/one', async (request) => ok(await settingsOf(app.db, request.auth)));

  app.get('/garageModule/changeIsShowDiagnostic', { config: { permission: SETTINGS } }, async (request) => {
    const { isShowDiagnostic } = readInput(request, z.object({ isShowDiagnostic: booleanish }), { isShowDiagnostic: '诊断表显示开关' });
    return ok(await changeSetting(app.db, request.auth, 'is_show_diagnostic', isShowDiagnostic));
  });

  // Table page size of the garage: every user may pick it, like the pager's own size menu.
  app.get('/garageModule/changePageSize', async (request) => {
    const { pageSize } = readInput(
      request,
      z.object({ pageSize: z.coerce.number({ message: '每页条数必须是数字' }).int('每页条数必须是整数').min(5, '每页条数不能少于 5').max(200, '每页条数不能超过 200') }),
      { pageSize: '每页条数' },
    );
    return ok(await changeSetting(app.db, request.auth, 'page_size', pageSize));
  });

  app.put('/garage/module/show-price', { config: { permission: SETTINGS } }, async (request) => {
    const { isShowPrice } = readInput(request, z.object({ isShowPrice: booleanish }), { isShowPrice: '价格显示开关' });
    return ok(await changeSetting(app.db, request.auth, 'is_show_price', isShowPrice));
  });

  app.get('/garage/module', async (request) => ok(await modulesOf(app.db, request.auth)));
}
