/**
 * Demo maintenance plans (issue 6): one plan per brand and series of the demo catalogue, one per
 * brand for its other series, and one per energy type for every other car. Intervals follow the
 * brands' published service schedules for the Chinese market (rounded); independent-shop prices
 * are our own price list (catalog SERVICE_ITEMS × the series' tier), 4S prices apply each brand's
 * typical dealer premium. Plans are product-wide (chain_id NULL), so every tenant gets them.
 */
import { sql, type Queryable } from '../db/database';
import { BRANDS, SERVICE_ITEMS, TIER_FACTOR, type SeriesInfo } from './catalog';
import { refreshNextMaintenance } from '../repositories/next-maintenance';
import type { DemoInfo } from './index';

export interface PlanItemSeed {
  code: string;
  name: string;
  category: 'maintenance' | 'part';
  intervalKm: number | null;
  intervalMonths: number | null;
  s4Price: number;
  zxcPrice: number;
  partCodes: string[];
}

export interface PlanSeed {
  brand: string;
  series: string;
  energyType: '' | 'fuel' | 'electric' | 'hybrid';
  name: string;
  items: PlanItemSeed[];
}

/** What differs between brands: the oil-service interval and the dealer's price premium. */
interface BrandProfile {
  oilKm: number;
  oilMonths: number;
  /** 4S price ÷ independent-shop price. */
  premium: number;
  sparkPlugKm: number;
  gearOilKm: number;
}

const DEFAULT_PROFILE: BrandProfile = { oilKm: 5000, oilMonths: 6, premium: 1.6, sparkPlugKm: 40_000, gearOilKm: 60_000 };

const BRAND_PROFILES: Record<string, Partial<BrandProfile>> = {
  大众: { oilKm: 7500, oilMonths: 12, premium: 1.7, sparkPlugKm: 60_000, gearOilKm: 60_000 },
  奥迪: { oilKm: 10_000, oilMonths: 12, premium: 2.1, sparkPlugKm: 60_000 },
  宝马: { oilKm: 10_000, oilMonths: 12, premium: 2.2, sparkPlugKm: 60_000, gearOilKm: 80_000 },
  奔驰: { oilKm: 10_000, oilMonths: 12, premium: 2.3, sparkPlugKm: 60_000, gearOilKm: 80_000 },
  丰田: { oilKm: 5000, oilMonths: 6, premium: 1.6, sparkPlugKm: 100_000, gearOilKm: 80_000 },
  本田: { oilKm: 5000, oilMonths: 6, premium: 1.6, sparkPlugKm: 100_000, gearOilKm: 40_000 },
  日产: { oilKm: 5000, oilMonths: 6, premium: 1.6, sparkPlugKm: 100_000, gearOilKm: 60_000 },
  别克: { oilKm: 7500, oilMonths: 6, premium: 1.7, sparkPlugKm: 60_000 },
  比亚迪: { oilKm: 7500, oilMonths: 12, premium: 1.5 },
  特斯拉: { premium: 1.4 },
  吉利: { oilKm: 7500, oilMonths: 12, premium: 1.5 },
  长安: { oilKm: 5000, oilMonths: 6, premium: 1.5 },
  哈弗: { oilKm: 5000, oilMonths: 6, premium: 1.5 },
  理想: { oilKm: 10_000, oilMonths: 12, premium: 1.6 },
  蔚来: { premium: 1.6 },
};

/** Our price of one catalogue service item (labour + parts) for a tier, in yuan. */
function shopPrice(itemName: string, factor: number): number {
  const item = SERVICE_ITEMS.find((candidate) => candidate.name === itemName);
  if (!item) throw new Error(`seed/maintenance: no catalogue item ${itemName}`);
  const total = item.labour + item.parts.reduce((sum, part) => sum + part.price, 0);
  return Math.round(total * factor);
}

function partCodesOf(itemName: string): string[] {
  return SERVICE_ITEMS.find((candidate) => candidate.name === itemName)?.parts.map((part) => part.code) ?? [];
}

/** The items of a series' own plan (demoPlans: 保养手册), which the seed's history follows. */
export function seriesPlanItems(brand: string, series: SeriesInfo): PlanItemSeed[] {
  return planItems(series.energy, series.tier, { ...DEFAULT_PROFILE, ...BRAND_PROFILES[brand] });
}

const roundTo10 = (value: number) => Math.round(value / 10) * 10;

export function planItems(energy: SeriesInfo['energy'], tier: SeriesInfo['tier'], profile: BrandProfile): PlanItemSeed[] {
  const factor = TIER_FACTOR[tier];
  const item = (code: string, name: string, category: PlanItemSeed['category'], intervalKm: number | null, intervalMonths: number | null, catalogueName = name): PlanItemSeed => {
    const zxcPrice = shopPrice(catalogueName, factor);
    return { code, name, category, intervalKm, intervalMonths, zxcPrice, s4Price: roundTo10(zxcPrice * profile.premium), partCodes: partCodesOf(catalogueName) };
  };
  const fuel = energy !== 'electric';
  const items: PlanItemSeed[] = [];
  if (fuel) {
    items.push(item('OIL_SERVICE', '小保养（机油+机滤）', 'maintenance', profile.oilKm, profile.oilMonths));
    items.push(item('AIR_FILTER', '更换空气滤芯', 'maintenance', 20_000, 24));
  }
  // Electric cars' routine visit is the cabin filter and a check of the three electric systems.
  items.push(item('CABIN_FILTER', '更换空调滤芯', 'maintenance', 20_000, 12));
  if (fuel) items.push(item('SPARK_PLUG', '更换火花塞', 'maintenance', profile.sparkPlugKm, 48));
  items.push(item('BRAKE_FLUID', '更换刹车油', 'maintenance', 40_000, 24));
  items.push(item('COOLANT', '更换防冻液', 'maintenance', fuel ? 80_000 : 100_000, 48));
  if (fuel) items.push(item('GEAR_OIL', '更换变速箱油', 'maintenance', profile.gearOilKm, 48));
  items.push(item('WHEEL_ALIGNMENT', '四轮定位', 'maintenance', 20_000, 12));
  items.push(item('BRAKE_PAD_FRONT', '更换前刹车片', 'part', energy === 'electric' ? 60_000 : 40_000, 36));
  items.push(item('TYRE', '更换轮胎', 'part', energy === 'electric' ? 40_000 : 50_000, 48));
  items.push(item('BATTERY', '更换蓄电池', 'part', null, 36));
  items.push(item('WIPER', '更换雨刮片', 'part', null, 12));
  return items;
}

const ENERGY_NAMES = { fuel: '燃油车', electric: '纯电动车', hybrid: '混合动力车' } as const;

/** Every demo plan: per series, per brand (its most common energy and tier), per energy type. */
export function demoPlans(): PlanSeed[] {
  const plans: PlanSeed[] = [];
  const brandSeen = new Set<string>();
  for (const brandInfo of BRANDS) {
    const profile = { ...DEFAULT_PROFILE, ...BRAND_PROFILES[brandInfo.brand] };
    for (const series of brandInfo.series) {
      if (plans.some((plan) => plan.brand === brandInfo.brand && plan.series === series.series)) continue;
      plans.push({ brand: brandInfo.brand, series: series.series, energyType: '', name: `${brandInfo.brand}${series.series} 保养手册`, items: planItems(series.energy, series.tier, profile) });
    }
    if (!brandSeen.has(brandInfo.brand)) {
      brandSeen.add(brandInfo.brand);
      const first = brandInfo.series[0];
      for (const energy of ['fuel', 'electric', 'hybrid'] as const) {
        plans.push({ brand: brandInfo.brand, series: '', energyType: energy, name: `${brandInfo.brand}${ENERGY_NAMES[energy]}通用保养计划`, items: planItems(energy, first.tier, profile) });
      }
    }
  }
  for (const energy of ['fuel', 'electric', 'hybrid'] as const) {
    plans.push({ brand: '', series: '', energyType: energy, name: `${ENERGY_NAMES[energy]}通用保养计划`, items: planItems(energy, 'economy', DEFAULT_PROFILE) });
  }
  return plans;
}

export async function insertPlan(db: Queryable, plan: PlanSeed, chainId: number | null = null): Promise<number> {
  const row = await db.one<{ id: number }>(sql`
    INSERT INTO maintenance_plan (chain_id, brand, series, energy_type, name)
    VALUES (${chainId}, ${plan.brand}, ${plan.series}, ${plan.energyType}, ${plan.name}) RETURNING id`);
  const planId = row!.id;
  const column = <T>(pick: (item: PlanItemSeed, index: number) => T) => sql.param(plan.items.map(pick));
  await db.run(sql`
    INSERT INTO maintenance_plan_item (plan_id, code, name, category, interval_km, interval_months, s4_price, zxc_price, part_codes, sort)
    SELECT ${planId}, code, name, category, interval_km, interval_months, s4_price, zxc_price,
           CASE WHEN part_codes = '' THEN '{}'::text[] ELSE string_to_array(part_codes, ',') END, sort
      FROM unnest(${column((item) => item.code)}::text[], ${column((item) => item.name)}::text[], ${column((item) => item.category)}::text[],
                  ${column((item) => item.intervalKm)}::int[], ${column((item) => item.intervalMonths)}::int[],
                  ${column((item) => item.s4Price)}::numeric[], ${column((item) => item.zxcPrice)}::numeric[],
                  ${column((item) => item.partCodes.join(','))}::text[], ${column((_, index) => index)}::int[])
           AS t(code, name, category, interval_km, interval_months, s4_price, zxc_price, part_codes, sort)`);
  return planId;
}

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  for (const plan of demoPlans()) await insertPlan(db, plan);
  // Every car's 下次保养 from its history and its plan, as the server keeps it (repositories/next-maintenance.ts).
  for (const chain of demo.chains) await refreshNextMaintenance(db, chain.id, demo.today);
}
