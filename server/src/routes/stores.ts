/** The store list with customer counts, and what the batch import accepts. */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/garage';
import { Permission } from '../../../contracts/permissions';
import { storesWithCustomerCounts } from '../repositories/stores';

/** Columns of the import template; `required` ones must be filled on every row. */
const IMPORT_COLUMNS = {
  customer: [
    { key: 'name', title: '客户姓名', required: true, example: '张伟' },
    { key: 'mobile', title: '手机号', required: true, example: '13812345678' },
    { key: 'plate', title: '车牌号', required: true, example: '浙A12345' },
    { key: 'vin', title: '车架号(VIN)', required: false, example: 'LSVAU218XN2183294' },
    { key: 'brand', title: '品牌', required: false, example: '大众' },
    { key: 'series', title: '车系', required: false, example: '朗逸' },
    { key: 'mileage', title: '当前里程(公里)', required: false, example: '56000' },
    { key: 'lastVisitDate', title: '最近到店日期', required: false, example: '2026-03-18' },
    { key: 'insuranceExpiry', title: '保险到期日', required: false, example: '2026-09-30' },
    { key: 'remark', title: '备注', required: false, example: '老客户介绍' },
  ],
  potential: [
    { key: 'name', title: '姓名', required: true, example: '李娜' },
    { key: 'mobile', title: '手机号', required: true, example: '13912345678' },
    { key: 'plate', title: '车牌号', required: false, example: '浙AD12345' },
    { key: 'source', title: '来源', required: false, example: '抖音活动' },
    { key: 'intent', title: '意向项目', required: false, example: '保养套餐' },
    { key: 'remark', title: '备注', required: false, example: '周末方便到店' },
  ],
};

export default async function storeRoutes(app: FastifyInstance) {
  serve(app, calls.storeCustomerCounts, async (_input, request) => {
    const stores = await storesWithCustomerCounts(app.db, request.scope);
    const selected = new Set(request.auth.selectedStoreIds);
    return ok(stores.map((store) => ({ code: String(store.id), storeNo: store.code, name: store.name, count: store.count, selected: selected.has(store.id) })));
  });

  serve(app, calls.importTaskConfig, { config: { permission: Permission.customerImport } }, async ({ type }, request) => {
    return ok({
      type,
      title: type === 'customer' ? '客户批量导入' : '潜在客户导入',
      columns: IMPORT_COLUMNS[type],
      acceptTypes: ['.xlsx', '.xls', '.csv'],
      maxRows: 5000,
      maxFileSizeMb: 10,
      duplicateRule: '手机号相同的客户合并，车牌号相同的车辆更新',
      targetStoreId: request.scope.defaultStoreId() ?? null,
    });
  });
}
