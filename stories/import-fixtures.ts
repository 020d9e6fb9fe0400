/**
 * Recorded-style answers of 批量导入 (shape of contracts/api/import.ts), on top of the customer
 * fixture (session, stores…), so the stories run without a server: any uploaded file previews as the
 * same old-system export with a bad mobile, a bad plate and a VIN warning; a started import runs
 * 20 rows a poll to its end; the template and the report download as small placeholder files.
 */
import { encryptText } from '../widgets/core/crypto/cipher';
import type { ImportTask } from '../widgets/customer-import/api';
import { installCustomerFixture } from './customer-fixtures';

const HEADERS = ['客户名称', '联系电话', '车牌', 'VIN码', '品牌', '车系', '行驶里程', '最后到店时间', '会员等级'];
const MAPPING = ['name', 'mobile', 'plate', 'vin', 'brand', 'series', 'mileage', 'lastVisitDate', null];
const ROWS = [
  { row: 2, cells: ['张伟', '13812345678', '浙A12345', 'LSVAU218XN2183294', '大众', '朗逸', '5.6万', '2026-03-18', '金卡'], problems: [] },
  { row: 3, cells: ['李娜', '1381234567', '浙B7K2M9', '', '丰田', '卡罗拉', '32000', '2026/2/9', '普通'],
    problems: [{ field: 'mobile', level: 'error', message: '手机号格式不正确：应为 11 位，以 13–19 开头' }] },
  { row: 4, cells: ['王强', '13912345678', '浙AI2345', '', '本田', '雅阁', '8万公里', '2025年12月1日', '银卡'],
    problems: [{ field: 'plate', level: 'error', message: '车牌号不使用字母 I 和 O，请核对是否为数字 1 或 0' }] },
  { row: 5, cells: ['赵敏', '13700001111', '浙AD12345', 'WVWZZZ1KZAW000011', '特斯拉', 'Model 3', '12000', '46099', ''],
    problems: [{ field: 'vin', level: 'warning', message: '车架号（VIN）第 9 位校验位应为 4，当前为 Z，请核对（部分进口车不使用校验位，已照常导入）' }] },
  { row: 6, cells: ['钱进', '13600002222', '沪C88888', '', '宝马', '3系', '76,000 km', '2026-01-05', '钻石'], problems: [] },
];

const task = (overrides: Partial<ImportTask>): ImportTask => ({
  taskId: 41, kind: 'customer', fileName: '旧系统客户导出.xlsx', status: 'done', duplicates: 'skip', total: 1280, processed: 1280,
  imported: 1211, updated: 0, skipped: 43, failed: 26, warned: 9,
  errors: [
    { row: 17, column: '手机号', message: '手机号格式不正确：应为 11 位，以 13–19 开头', level: 'error' },
    { row: 88, column: '车牌号', message: '车牌号第 1 位应为省份简称（如 浙、沪、粤），当前为「A」', level: 'error' },
    { row: 150, column: '车架号（VIN）', message: '车架号（VIN）第 9 位校验位应为 4，当前为 Z，请核对（部分进口车不使用校验位，已照常导入）', level: 'warning' },
    { row: 203, column: '姓名', message: '姓名和手机号至少填写一项', level: 'error' },
  ],
  message: '', createdBy: '陈总', storeName: '城东店', createdAt: '2026-11-20T02:10:00.000Z', startedAt: '2026-11-20T02:10:01.000Z', finishedAt: '2026-11-20T02:10:09.000Z',
  ...overrides,
});

export function installImportFixture({ running = false } = {}) {
  const removeCustomer = installCustomerFixture();
  const customerFetch = window.fetch;
  const history = [task({})];
  let live: ImportTask | null = running ? task({ taskId: 42, status: 'running', total: 400, processed: 60, imported: 57, skipped: 0, failed: 2, warned: 1, errors: [], finishedAt: null }) : null;
  if (live) history.unshift(live);
  const advance = () => {
    if (!live || live.status !== 'running') return;
    const processed = Math.min(live.total, live.processed + 20);
    const finished = processed === live.total;
    live = { ...live, processed, imported: Math.round(processed * 0.93), skipped: Math.round(processed * 0.03), failed: Math.round(processed * 0.03), warned: Math.round(processed * 0.01),
      status: finished ? 'done' : 'running', finishedAt: finished ? new Date().toISOString() : null, errors: finished ? task({}).errors : [] };
    history[0] = live;
  };
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    if (!url.pathname.startsWith('/api/client/import')) return customerFetch(input, init);
    const path = url.pathname.slice(4);
    if (path === '/client/import/template' || path === '/client/import/report') {
      return new Response(new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), { status: 200 });
    }
    let data: unknown = null;
    if (path === '/client/import/task-config') {
      data = { type: 'customer', title: '客户批量导入', columns: [{ key: 'name', title: '客户姓名', required: true, example: '张伟' }, { key: 'mobile', title: '手机号', required: true, example: '13812345678' }, { key: 'plate', title: '车牌号', required: true, example: '浙A12345' }],
        acceptTypes: ['.xlsx', '.csv'], maxRows: 200000, maxFileSizeMb: 20, duplicateRule: '', targetStoreId: 2,
        presets: [{ name: '旧系统客户导出', headers: HEADERS, mapping: MAPPING }] };
    } else if (path === '/client/import/tasks') {
      data = history;
    } else if (path === '/client/import/task') {
      advance();
      data = history.find((entry) => entry.taskId === Number(url.searchParams.get('taskId'))) ?? null;
    } else if (path === '/client/import/preview') {
      const form = init?.body as FormData;
      const file = form.get('file') as File;
      const mapping = form.get('mapping') ? JSON.parse(String(form.get('mapping'))) as unknown[] : MAPPING;
      data = { fileName: file.name, format: 'xlsx', headers: HEADERS, mapping, total: 1280, rows: ROWS };
    } else if (path === '/client/import') {
      live = task({ taskId: 43, status: 'running', fileName: (((init?.body as FormData).get('file')) as File).name, total: 1280, processed: 0, imported: 0, skipped: 0, failed: 0, warned: 0, errors: [], finishedAt: null });
      history.unshift(live);
      data = { taskId: 43 };
    } else if (path === '/client/import/cancel' && live) {
      live = { ...live, status: 'cancelled', finishedAt: new Date().toISOString() };
      history[0] = live;
      data = live;
    }
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = customerFetch;
    removeCustomer();
  };
}
