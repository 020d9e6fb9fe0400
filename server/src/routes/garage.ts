/** Garage switching and the garage's display settings and modules. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/garage';
import { Permission } from '../../../contracts/permissions';
import { switchGarage, switchableGarages } from '../repositories/accounts';
import { changeSetting, modulesOf, settingsOf, type SettingColumn } from '../repositories/settings';
import { auditActor, writeAudit } from '../repositories/authority';
import { SETTING_NAMES } from '../../../contracts/api/garage';

const SETTINGS = Permission.settingsCentre;

export default async function garageRoutes(app: FastifyInstance) {
  serve(app, calls.switchableGarages, async (_input, request) => {
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

  serve(app, calls.switchGarage, async ({ garageId }, request) => {
    if (!(await switchGarage(app.db, request.auth, garageId))) throw new ApiError(Code.forbidden, '无权切换到该门店');
    return ok({ garageId });
  });

  serve(app, calls.settings, async (_input, request) => ok(await settingsOf(app.db, request.auth)));

  /** A 系统设置 switch: changed for the current garage and written to the audit log. */
  const changeAudited = (request: FastifyRequest, column: SettingColumn, value: boolean) =>
    app.db.transaction(async (tx) => {
      const settings = await changeSetting(tx, request.auth, column, value);
      await writeAudit(tx, {
        ...auditActor(request.auth, request.ip),
        action: 'setting.change', targetType: 'setting', targetId: request.auth.garage.id,
        targetName: `${request.auth.garage.name}：${SETTING_NAMES[column]}${value ? '开启' : '关闭'}`,
        detail: { setting: column, value }, storeIds: request.auth.garage.isHq ? [] : [request.auth.garage.id],
      });
      return settings;
    });

  serve(app, calls.changeShowDiagnostic, { config: { permission: SETTINGS } }, async ({ isShowDiagnostic }, request) => {
    return ok(await changeAudited(request, 'is_show_diagnostic', isShowDiagnostic));
  });

  serve(app, calls.changeFlags, { config: { permission: SETTINGS } }, async (input, request) => {
    const changes: [SettingColumn, boolean | undefined][] = [['is_show_phone', input.isShowPhone], ['is_show_all', input.isShowAll], ['salesman', input.salesman]];
    for (const [column, value] of changes) if (value !== undefined) await changeAudited(request, column, value);
    return ok(await settingsOf(app.db, request.auth));
  });

  // Table page size of the garage: every user may pick it, like the pager's own size menu.
  serve(app, calls.changePageSize, async ({ pageSize }, request) => {
    return ok(await changeSetting(app.db, request.auth, 'page_size', pageSize));
  });

  serve(app, calls.changeShowPrice, { config: { permission: SETTINGS } }, async ({ isShowPrice }, request) => {
    return ok(await changeAudited(request, 'is_show_price', isShowPrice));
  });

  serve(app, calls.modules, async (_input, request) => ok(await modulesOf(app.db, request.scope)));
}
