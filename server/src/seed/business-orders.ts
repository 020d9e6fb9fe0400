/**
 * Demo work orders (工单, issue 17). The core seed's visits become orders: service type,
 * technician, payment, status and labour/parts lines in fen. On top, two years of the quick
 * orders a garage lives on (洗美, 轮胎, 钣喷) for customers while they were coming to us, with
 * weekend and seasonal peaks and some growth, and today's orders: some in the workshop (在修),
 * some done but not paid (已完工), some settled. Customers' and vehicles' visit figures are
 * refreshed, then the rollup is built once.
 *
 * Named so it runs before the other feature seeds: the 指标树's targets (seed/metrics.ts) are
 * set from last month's revenue, which includes these orders.
 */
import { addDays, dayNumber } from '../../../contracts/dates';
import { sql, type Queryable } from '../db/database';
import type { ServiceType } from '../../../contracts/rules/orders';
import { insertOrders, refreshVisitFigures, type NewOrder } from '../repositories/orders';
import { rebuildAll } from '../repositories/rollups';
import { storeAdvisors } from './accounts';
import { Random } from './random';
import { MONTH_FACTOR, TECHNICIANS, orderLines, paymentFor, staffOf, weekdayFactor } from './work-order-catalog';
import type { ChainPlan } from './accounts';
import type { DemoInfo } from './index';

/**
 * Extra orders per store and day at the demo chain's size (about 1,170 vehicles per store). No
 * maintenance: a car's services are its history's, when its plan says (seed/customers.ts); a
 * random one on top made three small services in four months on a 3,698 km car.
 */
const DAILY = { beauty: 5, tyre: 0.7, bodywork: 0.35, repair: 0.6 } as const satisfies Partial<Record<ServiceType, number>>;
const VEHICLES_PER_STORE = 1170;
const YEARS = 2;

/** The core seed's visits: their service type, staff, payment and lines (all in SQL). */
async function enrichVisits(db: Queryable): Promise<void> {
  const technicians = sql.param(TECHNICIANS);
  await db.run(sql`
    UPDATE maintenance_record SET
      source = 'seed',
      service_type = CASE WHEN kind = 'maintenance' THEN 'maintenance'
                          WHEN items::text LIKE '%钣金%' THEN 'bodywork'
                          WHEN items::text LIKE '%轮胎%' THEN 'tyre' ELSE 'repair' END,
      technician = (${technicians}::text[])[1 + (store_id * 3 + id % 3) % ${TECHNICIANS.length}],
      payment_method = (ARRAY['wechat','wechat','wechat','wechat','alipay','alipay','card','member','cash','insurance'])[1 + (id * 7) % 10],
      status = 'settled',
      settled_at = maint_date + time '17:30',
      labour_fen = COALESCE((SELECT sum(round((i->>'amount')::numeric * 100)) FROM jsonb_array_elements(items) i), 0),
      parts_fen = COALESCE((SELECT sum(round((p->>'price')::numeric * 100) * COALESCE((p->>'quantity')::int, 1)) FROM jsonb_array_elements(parts) p), 0)
    WHERE source <> 'erp'`);
  await db.run(sql`
    INSERT INTO work_order_line (chain_id, store_id, order_id, kind, code, name, quantity, unit_price_fen, amount_fen, technician)
    SELECT r.chain_id, r.store_id, r.id, 'labour', '', i->>'name', 1, round((i->>'amount')::numeric * 100), round((i->>'amount')::numeric * 100), r.technician
      FROM maintenance_record r, jsonb_array_elements(r.items) i
     WHERE r.source = 'seed' AND (i->>'amount')::numeric > 0 AND NOT EXISTS (SELECT 1 FROM work_order_line l WHERE l.order_id = r.id)
    UNION ALL
    SELECT r.chain_id, r.store_id, r.id, 'part', COALESCE(p->>'code', ''), p->>'name', COALESCE((p->>'quantity')::int, 1),
           round((p->>'price')::numeric * 100), round((p->>'price')::numeric * 100) * COALESCE((p->>'quantity')::int, 1), r.technician
      FROM maintenance_record r, jsonb_array_elements(r.parts) p
     WHERE r.source = 'seed' AND NOT EXISTS (SELECT 1 FROM work_order_line l WHERE l.order_id = r.id)`);
}

interface Window {
  vehicleId: number;
  customerId: number;
  first: number;
  last: number;
  mileage: number;
  electric: boolean;
  factor: number;
}

async function addOrders(db: Queryable, chain: ChainPlan, today: string, random: Random): Promise<number[]> {
  const rows = await db.rows<{ vehicle_id: number; customer_id: number; store_id: number; first: string; last: string; mileage: number; energy: string; brand: string }>(sql`
    SELECT r.vehicle_id, r.customer_id, r.store_id, min(r.maint_date) AS first, max(r.maint_date) AS last, COALESCE(max(r.mileage), 0) AS mileage,
           v.energy_type AS energy, v.brand
      FROM maintenance_record r JOIN vehicle v ON v.id = r.vehicle_id
     WHERE r.chain_id = ${chain.id} GROUP BY r.vehicle_id, r.customer_id, r.store_id, v.energy_type, v.brand ORDER BY r.vehicle_id`);
  const luxury = new Set(['宝马', '奔驰', '奥迪', '保时捷', '雷克萨斯', '沃尔沃']);
  const windows = new Map<number, Window[]>();
  for (const row of rows) {
    const list = windows.get(row.store_id) ?? [];
    list.push({
      vehicleId: row.vehicle_id, customerId: row.customer_id, first: dayNumber(row.first), last: dayNumber(row.last), mileage: row.mileage,
      electric: row.energy === 'electric', factor: luxury.has(row.brand) ? 1.8 : 1,
    });
    windows.set(row.store_id, list);
  }

  const todayNumber = dayNumber(today);
  const start = addDays(today, -365 * YEARS);
  const orders: NewOrder[] = [];
  let serial = 0;
  const orderNo = (day: string, storeCode: string) => `WO${day.replace(/-/g, '')}${storeCode}${String((serial += 1)).padStart(5, '0')}`;

  for (const [index, store] of chain.stores.entries()) {
    const candidates = windows.get(store.id) ?? [];
    if (candidates.length === 0) continue;
    const scale = candidates.length / VEHICLES_PER_STORE;
    const { technicians } = staffOf(index);
    const advisors = storeAdvisors(chain, store.id);
    const pickVehicle = (dayNo: number, active: (w: Window) => boolean) => {
      for (let attempt = 0; attempt < 12; attempt++) {
        const candidate = random.pick(candidates);
        if (active(candidate)) return candidate;
      }
      return null;
    };
    const make = (day: string, serviceType: ServiceType, vehicle: Window, status: NewOrder['status'], mileage: number | null): NewOrder => ({
      chainId: chain.id, storeId: store.id, vehicleId: vehicle.vehicleId, customerId: vehicle.customerId, orderNo: orderNo(day, store.code), day,
      mileage, serviceType, status, advisor: random.pick(advisors), technician: random.pick(technicians),
      paymentMethod: status === 'settled' ? paymentFor(random, serviceType) : '', source: 'seed',
      settledAt: status === 'settled' ? `${day} ${String(random.int(10, 19)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00` : null,
      lines: orderLines(random, serviceType, { factor: vehicle.factor, electric: vehicle.electric }),
    });

    // Two years of quick orders, each for a vehicle that was coming to us at the time.
    for (let day = start; day < today; day = addDays(day, 1)) {
      const dayNo = dayNumber(day);
      const growth = 1 + 0.12 * ((dayNo - dayNumber(start)) / 365);
      const busy = scale * growth * MONTH_FACTOR[Number(day.slice(5, 7)) - 1] * weekdayFactor(day);
      for (const [type, rate] of Object.entries(DAILY) as [ServiceType, number][]) {
        const expected = rate * busy * random.around(1, 0.25, 0.5, 1.5);
        const count = Math.floor(expected) + (random.chance(expected % 1) ? 1 : 0);
        for (let n = 0; n < count; n++) {
          const vehicle = pickVehicle(dayNo, (w) => w.first <= dayNo && dayNo <= w.last);
          if (vehicle) orders.push(make(day, type, vehicle, 'settled', null));
        }
      }
    }

    // Today: cars in the workshop, done and waiting for payment, and already paid.
    const todayCount = Math.max(3, Math.round(9 * scale));
    for (let n = 0; n < todayCount; n++) {
      const type = random.weighted([['maintenance', 4], ['repair', 2], ['beauty', 3], ['tyre', 1], ['bodywork', 1]] as const);
      // Today's maintenance is for a car last seen months ago, not one serviced last week.
      const vehicle = pickVehicle(todayNumber, (w) => w.last >= todayNumber - 300 && (type !== 'maintenance' || w.last <= todayNumber - 120));
      if (!vehicle) continue;
      const status = n % 4 === 0 ? 'settled' : n % 4 === 1 ? 'completed' : 'in_repair';
      orders.push(make(today, type, vehicle, status, vehicle.mileage + (todayNumber - vehicle.last) * 35));
    }
  }
  await insertOrders(db, orders);
  return [...new Set(orders.map((order) => order.customerId))];
}

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  await enrichVisits(db);
  const random = new Random(demo.random.seed + 17);
  for (const chain of demo.chains) {
    const customers = await addOrders(db, chain, demo.today, random);
    await refreshVisitFigures(db, chain.id, customers);
  }
  await rebuildAll(db);
}
