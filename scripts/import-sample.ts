// `npx tsx scripts/import-sample.ts`: writes the demo's sample files for 批量导入 into docs/samples/
// (客户导入示例.xlsx: 30 customers as an old system exports them, 3 bad rows and 1 VIN to check;
// 潜在客户导入示例.csv: leads in GBK, as Chinese Excel saves a CSV). Deterministic: same bytes each run
// apart from the xlsx's timestamps.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gbkCsv, realisticRows, REALISTIC_HEADER, xlsxFile } from '../tests/support/import-files';

const dir = path.resolve(import.meta.dirname, '..', 'docs', 'samples');
mkdirSync(dir, { recursive: true });

const rows = realisticRows(30, { badEvery: 10, mobilePrefix: '1990' });
rows[4][3] = 'LSVAU2180N2183294'; // check digit wrong: imported, listed in the report to check
writeFileSync(path.join(dir, '客户导入示例.xlsx'), await xlsxFile([REALISTIC_HEADER, ...rows]));

const leads = [
  ['姓名', '手机', '车牌号', '来源', '意向项目', '备注'],
  ['陈晓', '19910000001', '浙AD12345', '抖音活动', '保养套餐', '周末方便到店'],
  ['刘洋', '19910000002', '', '朋友介绍', '轮胎更换', ''],
  ['黄丽', '19910000003', '浙B88888', '美团', '洗车卡', '想了解会员价'],
  ['', '1991000000', '', '地推', '', '手机号少一位'],
  ['周杰', '19910000005', '沪C1234O', '抖音活动', '钣金喷漆', '车牌含字母 O'],
];
writeFileSync(path.join(dir, '潜在客户导入示例.csv'), gbkCsv(leads));
console.log(`docs/samples/: 客户导入示例.xlsx (${rows.length} 行), 潜在客户导入示例.csv (${leads.length - 1} 行, GBK)`);
