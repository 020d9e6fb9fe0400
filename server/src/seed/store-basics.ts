/**
 * Demo data of 门店基础信息: the demo garages' addresses split into province, city and district,
 * with hours, bays, an opening date and a 统一社会信用代码 whose check character is right.
 */
import { sql, type Queryable } from '../db/database';
import { addMonths } from '../../../contracts/dates';
import { creditCodeCheck } from '../../../contracts/rules/store';
import type { DemoInfo } from './index';

const PROVINCE_OF: Record<string, string> = { 杭州市: '浙江省', 苏州市: '江苏省' };
/** Region codes of GB/T 2260 for the demo districts (positions 3–8 of a credit code). */
const REGION_CODE: Record<string, string> = { 上城区: '330102', 西湖区: '330106', 滨江区: '330108', 工业园区: '320571', 吴中区: '320506' };

/** '杭州市上城区艮山东路 88 号' → city, district, the rest. */
function splitAddress(address: string) {
  const match = /^(.+?市)(.+?区)(.+)$/.exec(address);
  return match ? { city: match[1], district: match[2], street: match[3].trim() } : { city: '', district: '', street: address };
}

/** A well-formed code for demo garage `id`: legal person (9), company (1), the district, a made-up organisation code. */
export function demoCreditCode(region: string, id: number): string {
  const first17 = `91${region}MA2${String(id).padStart(3, '0')}GT${id % 10}`;
  return first17 + creditCodeCheck(first17);
}

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  for (const chain of demo.chains) {
    const garages = [{ ...chain.headquarters, isHq: true }, ...chain.stores.map((store) => ({ ...store, isHq: false }))];
    for (const [index, garage] of garages.entries()) {
      const { city, district, street } = splitAddress(garage.address);
      await db.run(sql`
        UPDATE garage SET short_name = ${garage.isHq ? '总部' : garage.name.replace(/店$/, '')}, province = ${PROVINCE_OF[city] ?? ''},
               city = ${city}, district = ${district}, address = ${street},
               opens_at = ${garage.isHq ? '09:00' : '08:30'}, closes_at = ${garage.isHq ? '17:30' : '19:00'}, bays = ${garage.isHq ? 0 : 6 + index * 2},
               licence_no = ${demoCreditCode(REGION_CODE[district] ?? '330100', garage.id)},
               opened_on = ${addMonths(demo.today, -(72 - index * 14))}::date
         WHERE id = ${garage.id}`);
    }
  }
}
