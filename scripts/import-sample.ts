// `npx tsx scripts/import-sample.ts`: writes the demo's sample files for 批量导入 into docs/samples/
// (客户导入示例.xlsx: 30 customers as an old system exports them, 3 bad rows and 1 VIN to check;
// 潜在客户导入示例.csv: leads in GBK, as Chinese Excel saves a CSV; 保单导入示例.xlsx: policies of the
// customer sample's cars, so it is imported after 客户导入示例.xlsx, with 2 bad rows). Deterministic: same bytes each run
// apart from the xlsx's timestamps.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addDays } from '../contracts/dates';
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

// 保单: 13 cars of the customer sample (its bad rows 9 left out), ending Dec 2026 – Feb 2027 (续保跟进 on the demo's days).
const insurers = ['中国人保', '平安保险', '太平洋保险', '中华联合', '大地保险'];
const policies: (string | number)[][] = [];
for (let i = 0; i < 14; i += 1) {
  if (i === 9) continue;
  const [, , plate, vin] = rows[i] as string[];
  const endDay = i < 4 ? `2026-12-${String(5 + i * 6).padStart(2, '0')}` : `2027-${String(1 + (i % 3)).padStart(2, '0')}-${String(1 + ((i * 5) % 27)).padStart(2, '0')}`;
  const startDay = addDays(endDay, -364);
  policies.push([
    i % 4 === 1 ? '' : plate, i % 4 === 1 ? vin : '', insurers[i % insurers.length], `P${'DAA'}2026${String(330100 + i)}${String(7000 + i).padStart(8, '0')}`,
    i % 5 === 4 ? '交强险' : '交强险+商业险', startDay, endDay, i % 6 === 5 ? 1100 : 950, i % 5 === 4 ? '' : 2800 + i * 137.5, 360 + (i % 3) * 60,
    i % 5 === 4 ? '' : i % 2 ? '车损险、三者险200万、司机座位1万、乘客座位1万' : '车损险、三者险100万、划痕险2000', i % 3 === 0 ? '李店长' : '王芳',
  ]);
}
policies.push(['浙A99999', '', '中国人保', 'PDAA2026330199000099', '交强险', '2026-03-01', '2027-02-28', 950, '', '', '', '']);
policies.push([rows[15][2] as string, '', '平安保险', 'PDAA2026330199000100', '交强险+商业险', '2026-12-01', '2026-11-30', 950, 3100, 360, '', '']);
const POLICY_HEADER = ['车牌号', '车架号', '保险公司', '保单号', '险种', '起保日期', '到期日期', '交强险保费', '商业险保费', '车船税', '承保险别', '经办人'];
writeFileSync(path.join(dir, '保单导入示例.xlsx'), await xlsxFile([POLICY_HEADER, ...policies]));

console.log(`docs/samples/: 客户导入示例.xlsx (${rows.length} 行), 潜在客户导入示例.csv (${leads.length - 1} 行, GBK), 保单导入示例.xlsx (${policies.length} 行)`);
