/**
 * Customers, vehicles, maintenance history, part replacements, insurance policies, tags, groups,
 * saved conditions and SMS templates of one demo chain — all derived from one seeded PRNG.
 * Dates are relative to the seeding day, so "insurance expiring within 30 days" always finds cars.
 */
import { dayFromNumber, dayNumber } from '../../../contracts/dates';
import type { Queryable } from '../db/database';
import { insertMany } from './bulk';
import { storeAdvisors, type ChainPlan } from './accounts';
import { BRANDS, COLOURS, INSURERS, LEVELS, SERVICE_ITEMS, SOURCES, TIER_FACTOR, chineseName, mobileNumber, plateNumber, type BrandInfo, type SeriesInfo } from './catalog';
import { Random } from './random';
import { makeVin } from './vin';
import { seriesPlanItems } from './maintenance';
import { estimateTimeline } from '../maintenance/estimate';
import type { MaintenanceRecordRow, PartReplacementRow } from '../repositories/maintenance';

/** Day number (days since 1970-01-01) ↔ 'YYYY-MM-DD'. */
const dayOf = dayNumber;
const dateOf = dayFromNumber;
/** A moment on a garage day: without an offset, timestamptz reads it in the session time zone, the garage's. */
const at = (day: number, hour: number, minute: number) => `${dateOf(day)} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;

/** Next free id of each table across chains (ids are explicit so the data is the same every run). */
export interface IdCounters {
  customer: number;
  vehicle: number;
  maintenance_record: number;
  part_replacement: number;
  insurance_policy: number;
  tag: number;
  customer_group: number;
  saved_condition: number;
}

export const newCounters = (): IdCounters => ({
  customer: 0, vehicle: 0, maintenance_record: 0, part_replacement: 0, insurance_policy: 0, tag: 0, customer_group: 0, saved_condition: 0,
});

const TAGS = [
  ['客户价值', '高价值客户', '#dc2626'], ['客户价值', '潜力客户', '#f59e0b'], ['客户价值', '价格敏感', '#6b7280'],
  ['车辆', '新能源车主', '#16a34a'], ['车辆', '豪华品牌', '#7c3aed'], ['车辆', '车龄5年以上', '#0891b2'],
  ['服务偏好', '常做保养', '#2563eb'], ['服务偏好', '钣喷客户', '#db2777'], ['服务偏好', '洗美会员', '#0d9488'],
  ['营销', '续保意向', '#ea580c'], ['营销', '活动参与', '#65a30d'], ['营销', '流失预警', '#b91c1c'],
] as const;

const REMARKS = ['', '', '', '', '', '喜欢周末到店', '对价格比较敏感', '需提前电话预约', '公司车辆，需开专票', '老客户介绍的朋友', '只做原厂件'];

const WEAR_PARTS: Record<string, { km: number; months: number }> = {
  SPARK_PLUG: { km: 40_000, months: 48 },
  BRAKE_FLUID: { km: 40_000, months: 24 },
  COOLANT: { km: 80_000, months: 48 },
  GEAR_OIL: { km: 60_000, months: 48 },
  BRAKE_PAD_FRONT: { km: 40_000, months: 36 },
  BATTERY: { km: 100_000, months: 36 },
  TYRE: { km: 50_000, months: 48 },
  WIPER: { km: 30_000, months: 12 },
};

export interface ChainSeedSummary {
  customers: number;
  vehicles: number;
  maintenanceRecords: number;
  partReplacements: number;
  insurancePolicies: number;
}

export async function seedChainCustomers(
  db: Queryable,
  chain: ChainPlan,
  options: { customers: number; vehicles: number; today: string; seed: number; ids: IdCounters },
): Promise<ChainSeedSummary> {
  const random = new Random(options.seed);
  const ids = options.ids;
  const today = dayOf(options.today);
  const thisYear = Number(options.today.slice(0, 4));

  const customers: unknown[][] = [];
  const vehicles: unknown[][] = [];
  const records: unknown[][] = [];
  const parts: unknown[][] = [];
  const policies: unknown[][] = [];
  const customerTags: unknown[][] = [];

  // Tags first: customers are tagged as they are made.
  const tagIds = new Map<string, number>();
  const tagRows = TAGS.map(([group, name, colour]) => {
    ids.tag += 1;
    tagIds.set(name, ids.tag);
    return [ids.tag, chain.id, group, name, colour];
  });

  const mobiles = new Set<string>();
  const plates = new Set<string>();
  const brandWeights = BRANDS.map((b) => [b, b.weight] as const);
  const storeWeights = chain.stores.map((s) => [s.id, s.share] as const);
  const advisorsByStore = new Map(chain.stores.map((s) => [s.id, storeAdvisors(chain, s.id)]));

  // Which customer owns each vehicle: one each, the rest to random customers (fleets of 2-3).
  const owners: number[] = Array.from({ length: options.customers }, (_, i) => i);
  for (let extra = options.customers; extra < options.vehicles; extra++) owners.push(random.int(0, options.customers - 1));
  const vehiclesOf = new Map<number, number>();
  for (const owner of owners) vehiclesOf.set(owner, (vehiclesOf.get(owner) ?? 0) + 1);

  for (let index = 0; index < options.customers; index++) {
    ids.customer += 1;
    const customerId = ids.customer;
    const gender = random.chance(0.68) ? 'M' : 'F';
    const name = chineseName(random, gender);
    let mobile = mobileNumber(random);
    while (mobiles.has(mobile)) mobile = mobileNumber(random);
    mobiles.add(mobile);
    const storeId = random.weighted(storeWeights);
    const birthday = random.chance(0.85) ? dateOf(dayOf(`${random.int(1962, 2003)}-01-01`) + random.int(0, 364)) : null;
    // 20% of customers stopped coming 1-3 years ago: the board's 流失 column and churn tags need them.
    // Their last visit is the day they stopped; some stopped a year ago, so they turn 流失 these
    // days and 工作台 has 流失回访 to make.
    const churnDay = random.chance(0.2) ? today - (random.chance(0.15) ? 366 + random.int(0, 25) : random.int(200, 1100)) : today;

    let visits = 0;
    let spend = 0;
    let firstVisit = Number.POSITIVE_INFINITY;
    let lastVisit = Number.NEGATIVE_INFINITY;
    let hasElectric = false;
    let hasLuxury = false;
    let oldCar = false;
    let bodyWork = false;
    const count = vehiclesOf.get(index) ?? 1;

    for (let v = 0; v < count; v++) {
      ids.vehicle += 1;
      const vehicleId = ids.vehicle;
      const brand: BrandInfo = random.weighted(brandWeights);
      const series: SeriesInfo = random.pick(brand.series);
      const model = random.pick(series.models);
      const recentYears = series.energy === 'fuel' ? [2012, thisYear] : [Math.max(2016, thisYear - 8), thisYear];
      const year = Math.round(random.around((recentYears[0] + recentYears[1] * 2) / 3, (recentYears[1] - recentYears[0]) / 2, recentYears[0], recentYears[1]));
      const registrationDay = Math.min(today - 40, dayOf(`${year}-01-01`) + random.int(0, 364));
      const kmPerDay = random.around(38, 22, 8, 120);
      const prefix = random.chance(0.85) ? chain.platePrefix : random.pick(chain.otherPlatePrefixes);
      let plate = plateNumber(random, prefix, series.energy);
      while (plates.has(plate)) plate = plateNumber(random, prefix, series.energy);
      plates.add(plate);
      const vin = makeVin(random, brand.wmi, year, vehicleId * 7 + chain.id);
      hasElectric ||= series.energy !== 'fuel';
      hasLuxury ||= series.tier === 'luxury';
      oldCar ||= today - registrationDay > 5 * 365;

      // Visits, from when the car first came to us until today (or until the customer left): a
      // service when its plan says, doing what is due then — the timeline's own estimate
      // (server/src/maintenance/estimate.ts), km or months whichever first, customers coming a
      // little early or late — and a repair now and then in between. Own stream per car, so a
      // car's history does not reshuffle the rest of the demo.
      const history = new Random(options.seed * 7919 + vehicleId);
      const firstDay = Math.max(registrationDay + random.int(0, Math.max(0, Math.floor((today - registrationDay) * 0.6))), today - random.int(500, 1400));
      const plan = seriesPlanItems(brand.brand, series);
      const lastPossible = Math.min(today - 1, churnDay);
      const seen: MaintenanceRecordRow[] = [];
      const replaced: PartReplacementRow[] = [];
      const factor = TIER_FACTOR[series.tier];
      let vehicleVisits = 0;
      let vehicleSpend = 0;
      let lastMileage = 0;
      let lastVehicleVisit = -1;
      const repairItems = () => {
        const items = SERVICE_ITEMS.filter((item) => item.kind === 'repair' && !(item.fuelOnly && series.energy === 'electric'));
        return Array.from(new Set([history.pick(items), ...(history.chance(0.3) ? [history.pick(items)] : [])]));
      };
      const dueOn = (day: number) =>
        estimateTimeline({
          vehicle: { registrationDate: dateOf(registrationDay), mileage: lastMileage, mileageUpdatedAt: lastVehicleVisit < 0 ? null : dateOf(lastVehicleVisit) },
          records: seen, replacements: replaced, planItems: plan, today: dateOf(day),
        }).points.maintEstimate[0];
      const visit = (day: number, chosen: typeof SERVICE_ITEMS, isMaintenance: boolean) => {
        const mileage = lastVehicleVisit < 0
          ? Math.round((day - registrationDay) * kmPerDay * history.around(1, 0.05, 0.9, 1.1))
          : lastMileage + Math.max(50, Math.round((day - lastVehicleVisit) * kmPerDay * history.around(1, 0.1, 0.7, 1.3)));
        const itemRows = chosen.map((item) => ({ name: item.name, amount: Math.round(item.labour * factor) }));
        const partRows = chosen.flatMap((item) => item.parts.map((part) => ({ code: part.code, name: part.name, quantity: 1, price: Math.round(part.price * factor) })));
        const amount = itemRows.reduce((sum, item) => sum + item.amount, 0) + partRows.reduce((sum, part) => sum + part.price, 0);
        ids.maintenance_record += 1;
        const recordId = ids.maintenance_record;
        const kind = isMaintenance ? 'maintenance' : 'repair';
        records.push([
          recordId, chain.id, storeId, vehicleId, customerId,
          `WO${dateOf(day).replace(/-/g, '')}${String(recordId).padStart(6, '0')}`,
          dateOf(day), mileage, kind, itemRows, partRows, amount, history.pick(advisorsByStore.get(storeId)!),
        ]);
        seen.push({ id: recordId, maintDate: dateOf(day), mileage, kind, items: itemRows, parts: partRows, amount });
        for (const part of partRows) {
          const wear = WEAR_PARTS[part.code];
          if (!wear) continue;
          ids.part_replacement += 1;
          const replacement = { id: ids.part_replacement, partCode: part.code, partName: part.name, replacedAt: dateOf(day), mileage, nextDueMileage: mileage + wear.km, nextDueDate: dateOf(day + Math.round(wear.months * 30.4)) };
          replaced.push(replacement);
          parts.push([replacement.id, chain.id, storeId, vehicleId, recordId, part.code, part.name, replacement.replacedAt, mileage, replacement.nextDueMileage, replacement.nextDueDate]);
        }
        bodyWork ||= chosen.some((item) => item.name.startsWith('钣金'));
        vehicleVisits += 1;
        vehicleSpend += amount;
        lastMileage = mileage;
        lastVehicleVisit = day;
      };
      for (let day = firstDay, maintenance = history.chance(0.7); day <= lastPossible; maintenance = true) {
        if (!maintenance) {
          visit(day, repairItems(), false);
          day += history.int(20, 120);
          continue;
        }
        const due = dueOn(day)?.partList ?? [];
        const chosen = SERVICE_ITEMS.filter((item) => due.includes(item.name));
        visit(day, chosen.length > 0 ? chosen : [SERVICE_ITEMS.find((item) => item.name === plan[0].name)!], true);
        const next = dueOn(day + 1)?.estimate.date;
        const gap = Math.max(30, (next ? dayOf(next) : day + 365) - day);
        if (history.chance(0.3)) {
          const repairDay = day + Math.round(gap * history.around(0.5, 0.15, 0.2, 0.8));
          if (repairDay <= lastPossible) visit(repairDay, repairItems(), false);
        }
        day += Math.round(gap * history.around(1.02, 0.1, 0.85, 1.4));
      }
      // A customer who left came last on the day they left.
      if (v === 0 && churnDay < today && lastVehicleVisit >= 0 && lastVehicleVisit < churnDay) visit(churnDay, repairItems(), false);

      const mileageNow = vehicleVisits > 0 ? lastMileage : Math.round((firstDay - registrationDay) * kmPerDay);

      // Insurance, a year of it: the vehicle's yearly term falls due on `anniversary` (45 days ago …
      // 11 months ahead). 85 % of the cars also had last year's term with us (ended 35–410 days
      // ago); about two in three of those renewed with us (this year's term follows), the rest went
      // elsewhere and last year's term is the latest we hold. 保险分析's renewal rate comes out near 65 %.
      // The draws come in the order and number of the earlier seed, so every later draw (names,
      // plates) is unchanged: the first decides the history, then one or two 三者 limits.
      const anniversary = today + random.int(-45, 330);
      const insurer = random.pick(INSURERS);
      const commercial = Math.round(random.around({ economy: 2600, mid: 3800, luxury: 7200 }[series.tier], 800, 1500, 12_000));
      const policyHistory = random.next();
      const thirdParty = [random.pick([1_000_000, 2_000_000, 3_000_000])];
      if (random.next() < 0.45) {
        thirdParty.push(random.pick([1_000_000, 2_000_000, 3_000_000]));
        random.next();
      }
      const terms = policyHistory < 0.15 ? [0] : policyHistory < 0.7 ? [0, 1] : [1];
      for (const term of terms) {
        const termExpiry = anniversary - term * 365;
        ids.insurance_policy += 1;
        policies.push([
          ids.insurance_policy, chain.id, storeId, vehicleId, customerId, insurer,
          `P${['DAA', 'DZA'][term % 2]}${dateOf(termExpiry - 365).slice(0, 4)}${String(330_100 + chain.id)}${String(ids.insurance_policy).padStart(8, '0')}`,
          950, commercial - term * 120,
          [{ name: '机动车损失保险', amount: commercial > 4000 ? 300_000 : 150_000 }, { name: '第三者责任保险', amount: thirdParty[term % thirdParty.length]! }],
          dateOf(termExpiry - 365), dateOf(termExpiry),
        ]);
      }
      const expiry = anniversary - Math.min(...terms) * 365;

      vehicles.push([
        vehicleId, chain.id, storeId, customerId, plate, series.energy, vin, brand.brand, series.series, model, year,
        random.weighted(COLOURS), dateOf(registrationDay), mileageNow, dateOf(vehicleVisits > 0 ? lastVehicleVisit : firstDay), vehicleVisits, vehicleSpend,
        vehicleVisits > 0 ? at(lastVehicleVisit, random.int(9, 17), random.int(0, 59)) : null,
        dateOf(expiry),
        at(firstDay, random.int(9, 17), random.int(0, 59)),
      ]);
      visits += vehicleVisits;
      spend += vehicleSpend;
      if (vehicleVisits > 0) {
        firstVisit = Math.min(firstVisit, firstDay);
        lastVisit = Math.max(lastVisit, lastVehicleVisit);
      }
    }

    const level = spend >= 30_000 ? '钻石' : spend >= 12_000 ? '金卡' : spend >= 5_000 ? '银卡' : random.weighted(LEVELS.slice(0, 2));
    const createdDay = Number.isFinite(firstVisit) ? firstVisit : today - random.int(1, 60);
    customers.push([
      customerId, chain.id, storeId, name, mobile, gender, birthday, random.weighted(SOURCES), level, random.pick(REMARKS), visits, spend,
      Number.isFinite(firstVisit) ? at(firstVisit, 10, 0) : null,
      Number.isFinite(lastVisit) ? at(lastVisit, random.int(9, 17), random.int(0, 59)) : null,
      at(createdDay, random.int(9, 17), random.int(0, 59)),
    ]);

    const tags = new Set<string>();
    if (spend >= 20_000) tags.add('高价值客户');
    if (spend >= 6_000 && spend < 20_000 && random.chance(0.4)) tags.add('潜力客户');
    if (hasElectric) tags.add('新能源车主');
    if (hasLuxury) tags.add('豪华品牌');
    if (oldCar) tags.add('车龄5年以上');
    if (visits >= 6) tags.add('常做保养');
    if (bodyWork) tags.add('钣喷客户');
    if (Number.isFinite(lastVisit) && today - lastVisit > 365) tags.add('流失预警');
    if (random.chance(0.08)) tags.add('价格敏感');
    if (random.chance(0.1)) tags.add('洗美会员');
    if (random.chance(0.12)) tags.add('续保意向');
    if (random.chance(0.1)) tags.add('活动参与');
    for (const tag of tags) customerTags.push([chain.id, customerId, tagIds.get(tag), at(createdDay, 12, 0)]);
  }

  await insertMany(db, 'tag', [['id', 'int'], ['chain_id', 'int'], ['group_name', 'text'], ['name', 'text'], ['colour', 'text']], tagRows);
  await insertMany(db, 'customer', [
    ['id', 'int'], ['chain_id', 'int'], ['store_id', 'int'], ['name', 'text'], ['mobile', 'text'], ['gender', 'text'], ['birthday', 'date'],
    ['source', 'text'], ['level', 'text'], ['remark', 'text'], ['visit_count', 'int'], ['total_spend', 'numeric'], ['first_visit_at', 'timestamptz'],
    ['last_visit_at', 'timestamptz'], ['created_at', 'timestamptz'],
  ], customers);
  await insertMany(db, 'vehicle', [
    ['id', 'int'], ['chain_id', 'int'], ['store_id', 'int'], ['customer_id', 'int'], ['plate', 'text'], ['energy_type', 'text'], ['vin', 'text'],
    ['brand', 'text'], ['series', 'text'], ['model', 'text'], ['model_year', 'int'], ['colour', 'text'], ['registration_date', 'date'],
    ['mileage', 'int'], ['mileage_updated_at', 'date'], ['visit_count', 'int'], ['total_spend', 'numeric'], ['last_visit_at', 'timestamptz'],
    ['insurance_expiry', 'date'], ['created_at', 'timestamptz'],
  ], vehicles);
  await insertMany(db, 'maintenance_record', [
    ['id', 'int'], ['chain_id', 'int'], ['store_id', 'int'], ['vehicle_id', 'int'], ['customer_id', 'int'], ['order_no', 'text'], ['maint_date', 'date'],
    ['mileage', 'int'], ['kind', 'text'], ['items', 'jsonb'], ['parts', 'jsonb'], ['amount', 'numeric'], ['advisor', 'text'],
  ], records);
  await insertMany(db, 'part_replacement', [
    ['id', 'int'], ['chain_id', 'int'], ['store_id', 'int'], ['vehicle_id', 'int'], ['maintenance_record_id', 'int'], ['part_code', 'text'],
    ['part_name', 'text'], ['replaced_at', 'date'], ['mileage', 'int'], ['next_due_mileage', 'int'], ['next_due_date', 'date'],
  ], parts);
  await insertMany(db, 'insurance_policy', [
    ['id', 'int'], ['chain_id', 'int'], ['store_id', 'int'], ['vehicle_id', 'int'], ['customer_id', 'int'], ['insurer', 'text'], ['policy_no', 'text'],
    ['compulsory_premium', 'numeric'], ['commercial_premium', 'numeric'], ['coverages', 'jsonb'], ['start_date', 'date'], ['expiry_date', 'date'],
  ], policies);
  await insertMany(db, 'customer_tag', [['chain_id', 'int'], ['customer_id', 'int'], ['tag_id', 'int'], ['created_at', 'timestamptz']], customerTags);

  // Groups: two live conditions and one fixed list. Conditions use the customer condition's
  // version-1 fields (insuranceExpiringWithinDays, notVisitedForDays, tags).
  const admin = chain.users.find((user) => user.role === 'garage_admin');
  const firstCustomer = ids.customer - options.customers + 1;
  const groupRows: unknown[][] = [];
  const memberRows: unknown[][] = [];
  const addGroup = (name: string, kind: 'condition' | 'fixed', condition: unknown) => {
    ids.customer_group += 1;
    groupRows.push([ids.customer_group, chain.id, name, kind, condition, admin?.id ?? null]);
    return ids.customer_group;
  };
  addGroup('保险30天内到期', 'condition', { version: 1, insuranceExpiringWithinDays: 30 });
  addGroup('半年未到店客户', 'condition', { version: 1, notVisitedForDays: 180 });
  const fixed = addGroup('春季保养活动名单', 'fixed', null);
  const members = new Set<number>();
  while (members.size < Math.min(40, options.customers)) members.add(firstCustomer + random.int(0, options.customers - 1));
  for (const member of members) memberRows.push([chain.id, fixed, member]);
  await insertMany(db, 'customer_group', [['id', 'int'], ['chain_id', 'int'], ['name', 'text'], ['kind', 'text'], ['condition', 'jsonb'], ['created_by', 'int']], groupRows);
  await insertMany(db, 'customer_group_member', [['chain_id', 'int'], ['group_id', 'int'], ['customer_id', 'int']], memberRows);

  if (admin) {
    const conditions = [
      ['新能源车主', { version: 1, tags: { mode: 'any', ids: [tagIds.get('新能源车主')] } }],
      ['高消费客户', { version: 1, totalSpend: { min: 10_000 } }],
    ] as const;
    await insertMany(db, 'saved_condition', [['id', 'int'], ['chain_id', 'int'], ['user_id', 'int'], ['name', 'text'], ['condition', 'jsonb']],
      conditions.map(([name, condition]) => [(ids.saved_condition += 1), chain.id, admin.id, name, condition]));
  }

  return { customers: customers.length, vehicles: vehicles.length, maintenanceRecords: records.length, partReplacements: parts.length, insurancePolicies: policies.length };
}
