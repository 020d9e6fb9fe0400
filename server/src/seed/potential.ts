/**
 * Demo data of 潜在客户: a few dozen leads per store of the main demo chain (a handful for the
 * second chain) with mixed statuses, owners and sources, next follow-ups around today (some
 * overdue), their follow-up history, and a few that already visited and are linked to a customer.
 */
import { addDays } from '../../../contracts/dates';
import { sql, type Queryable } from '../db/database';
import { chineseName, mobileNumber, plateNumber } from './catalog';
import { Random } from './random';
import type { DemoInfo } from './index';

const SOURCES = [['电话咨询', 4], ['美团/大众点评', 4], ['抖音', 3], ['朋友推荐', 3], ['线下活动', 2], ['到店咨询', 1]] as const;
const INTENTS = ['小保养', '大保养', '更换轮胎', '钣金喷漆', '空调清洗', '刹车片更换', '车险续保', '洗车美容', '电瓶更换'];
const NOTES = {
  following: ['已电话联系，客户说周末有空再来', '发了保养套餐价格，客户在比较', '客户想先了解轮胎品牌和价格', '约了下周二到店看看', '客户出差中，月底回来再约'],
  pending: ['新登记，尚未联系'],
  invalid: ['空号', '客户已在 4S 店做保养，不需要', '车已卖掉'],
};

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  const random = new Random(demo.random.seed + 4551);
  for (const [chainIndex, chain] of demo.chains.entries()) {
    const staff = await db.rows<{ id: number; store_ids: number[] }>(sql`SELECT id, store_ids FROM app_user WHERE chain_id = ${chain.id} ORDER BY id`);
    // Customers that "visited" after being a lead: the converted leads point at them.
    const visitors = await db.rows<{ id: number; name: string; mobile: string; store_id: number }>(sql`
      SELECT id, name, mobile, store_id FROM customer WHERE chain_id = ${chain.id} ORDER BY id DESC LIMIT 4`);
    const count = chainIndex === 0 ? 42 : 6;
    const taken = new Set<string>();
    for (let index = 0; index < count; index++) {
      const store = random.pick(chain.stores);
      const status = random.weighted([['pending', 30], ['following', 40], ['visited', 12], ['invalid', 12]] as const);
      const visitor = status === 'visited' ? visitors.shift() : undefined;
      const effective = status === 'visited' && !visitor ? 'following' : status;
      let mobile = visitor?.mobile ?? mobileNumber(random);
      while (!visitor && (taken.has(mobile) || (await db.one(sql`SELECT 1 FROM customer WHERE chain_id = ${chain.id} AND mobile = ${mobile}`)))) mobile = mobileNumber(random);
      taken.add(mobile);
      const name = visitor?.name ?? (random.chance(0.85) ? chineseName(random, random.chance(0.6) ? 'M' : 'F') : '');
      const plate = !visitor && random.chance(0.45) ? plateNumber(random, chain.platePrefix, random.chance(0.2) ? 'electric' : 'fuel') : '';
      const owners = staff.filter((person) => person.store_ids.length === 0 || person.store_ids.includes(visitor?.store_id ?? store.id));
      const ownerId = random.chance(0.8) && owners.length ? random.pick(owners).id : null;
      const createdDaysAgo = random.int(3, 60);
      const convertedDaysAgo = random.int(1, 2);
      const next = effective === 'pending' || effective === 'following' ? (random.chance(0.85) ? addDays(demo.today, random.int(-6, 12)) : null) : null;
      const lead = await db.one<{ id: number }>(sql`
        INSERT INTO potential_customer (chain_id, store_id, name, mobile, plate, source, intent, remark, status, owner_id, next_follow_up,
                                        customer_id, converted_at, created_at, updated_at)
        VALUES (${chain.id}, ${visitor?.store_id ?? store.id}, ${name}, ${mobile}, ${plate}, ${random.weighted(SOURCES)}, ${random.pick(INTENTS)}, '',
                ${effective}, ${ownerId}, ${next}::date, ${visitor?.id ?? null},
                ${visitor ? sql`(${addDays(demo.today, -convertedDaysAgo)}::date + time '15:20')` : null},
                (${addDays(demo.today, -createdDaysAgo)}::date + time '09:40'), now())
        RETURNING id`);
      const history: [string, string, number][] = [['pending', '新增潜在客户', createdDaysAgo]];
      if (effective !== 'pending') {
        const steps = random.int(1, 3);
        for (let step = 0; step < steps; step++) {
          const kind = effective === 'invalid' && step === steps - 1 ? 'invalid' : 'following';
          history.push([kind, random.pick(NOTES[kind]), Math.max(visitor ? convertedDaysAgo + 1 : 1, createdDaysAgo - (step + 1) * random.int(2, 8))]);
        }
      }
      if (visitor) history.push(['visited', '到店，已转为客户', convertedDaysAgo]);
      for (const [entryStatus, note, daysAgo] of history) {
        await db.run(sql`
          INSERT INTO potential_follow_up (chain_id, potential_id, user_id, status, note, created_at)
          VALUES (${chain.id}, ${lead!.id}, ${ownerId}, ${entryStatus}, ${note}, (${addDays(demo.today, -daysAgo)}::date + time '11:00'))`);
      }
    }
  }
}
