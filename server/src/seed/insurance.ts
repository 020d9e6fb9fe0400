/**
 * 保险 demo data on top of the core seed's policies: the add-ons 保险报价 and 保险分析 for the demo
 * chain (the second chain holds 保险报价 only, so the analysis refusal can be seen), agents, 车船税
 * and commercial lines on the latest terms, and renewal follow-ups spread over the pipeline's
 * buckets — owners, states, lost reasons, notes and next contact days — so the pages look lived in;
 * the latest terms that lapsed last season (the car went elsewhere, seed/customers.ts) are mostly 战败.
 */
import { addDays, addMonths } from '../../../contracts/dates';
import { DEFAULT_INSURERS, LOST_REASONS, vehicleTax, type RenewalState } from '../../../contracts/insurance';
import { sql, type Queryable } from '../db/database';
import { insertMany } from './bulk';
import type { DemoInfo } from './index';

const NOTES: Record<RenewalState, readonly string[]> = {
  pending: [''],
  contacted: ['已电话联系，客户说月底前决定', '客户在外地，下周回来再联系', '已发续保短信，客户回复考虑一下', '客户想比较几家价格'],
  quoted: ['已发三家报价，客户倾向人保', '报价已发微信，等客户回复', '客户嫌车损贵，准备降低三者保额再报'],
  renewed: ['已在本店续保，保单已出', '客户到店刷卡续保', '续保完成，赠送一次洗车'],
  lost: ['客户说朋友在保险公司', '4S店给了保养券', '价格差两百多，客户选了别家'],
};

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  const { today } = demo;
  const until = addMonths(today, 12);
  for (const chain of demo.chains) {
    const codes = chain.id === demo.chains[0]?.id ? ['insurance_quote', 'insurance_analysis'] : ['insurance_quote'];
    for (const code of codes) {
      await db.run(sql`
        INSERT INTO garage_module (chain_id, code, name, enabled, expires_at)
        VALUES (${chain.id}, ${code}, ${code === 'insurance_quote' ? '保险报价' : '保险分析'}, true, ${until}::date)
        ON CONFLICT DO NOTHING`);
    }
  }

  // Agents: staff who work in the policy's store (headquarters staff work everywhere).
  await db.run(sql`
    UPDATE insurance_policy p SET agent_id = s.ids[1 + p.id % array_length(s.ids, 1)],
           agent_name = (SELECT nick_name FROM app_user u WHERE u.id = s.ids[1 + p.id % array_length(s.ids, 1)])
      FROM (SELECT g.id AS store_id, array_agg(u.id ORDER BY u.id) AS ids
              FROM garage g JOIN app_user u ON u.chain_id = g.chain_id AND (g.id = ANY(u.store_ids) OR cardinality(u.store_ids) = 0)
             GROUP BY g.id) s
     WHERE s.store_id = p.store_id`);

  // The latest terms: 车船税 by a displacement the series plausibly has, and 商业险 lines.
  const latest = await db.rows<{ id: number; chainId: number; storeId: number; energy: string; commercial: number; coverages: { name: string; amount: number }[]; daysLeft: number; insurer: string }>(sql`
    SELECT p.id, p.chain_id AS "chainId", p.store_id AS "storeId", v.energy_type AS energy, round(p.commercial_premium * 100)::int AS commercial,
           p.coverages, (p.expiry_date - ${today}::date)::int AS "daysLeft", p.insurer
      FROM insurance_policy p JOIN vehicle v ON v.id = p.vehicle_id
     WHERE NOT p.superseded
     ORDER BY p.id`);
  const displacements = [1.4, 1.5, 1.5, 2.0, 2.0, 1.8, 2.5, 3.0];
  const updates: unknown[][] = [];
  for (const policy of latest) {
    const tax = vehicleTax({ displacement: displacements[policy.id % displacements.length]!, region: '浙江', energy: policy.energy === 'fuel' ? 'fuel' : 'newEnergy' });
    const damage = Math.round(policy.commercial * 0.62);
    const third = Math.round(policy.commercial * 0.3);
    const seats = policy.commercial - damage - third;
    const lines = [
      { code: 'vehicleDamage', name: '机动车损失保险（车损）', limit: policy.coverages[0]?.amount ?? 150_000, premiumFen: damage },
      { code: 'thirdParty', name: '第三者责任保险（三者）', limit: policy.coverages[1]?.amount ?? 1_000_000, premiumFen: third },
      { code: 'driverSeat', name: '车上人员责任险（司机）', limit: 10_000, premiumFen: Math.round(seats * 0.4) },
      { code: 'passengerSeat', name: '车上人员责任险（乘客） × 4 座', limit: 10_000, premiumFen: seats - Math.round(seats * 0.4) },
    ];
    updates.push([policy.id, tax.yearlyFen, lines]);
  }
  await db.run(sql`CREATE TEMP TABLE insurance_seed_update (id int, tax int, lines jsonb) ON COMMIT DROP`);
  await insertMany(db, 'insurance_seed_update', [['id', 'int'], ['tax', 'int'], ['lines', 'jsonb']], updates);
  await db.run(sql`UPDATE insurance_policy p SET vehicle_tax_fen = u.tax, commercial_lines = u.lines FROM insurance_seed_update u WHERE u.id = p.id`);

  // Follow-ups over the pipeline: the nearer (or past) the expiry, the further along.
  const owners = new Map<number, { id: number; storeIds: number[] }[]>();
  for (const chain of demo.chains) owners.set(chain.id, chain.users.map((user) => ({ id: user.id, storeIds: user.storeIds })));
  const renewals: unknown[][] = [];
  const logs: unknown[][] = [];
  for (const policy of latest) {
    if (policy.daysLeft > 90) continue;
    const pick = policy.id % 10;
    // Over 90 days lapsed: the car went elsewhere last season, mostly followed up to 战败.
    const state: RenewalState =
      policy.daysLeft < -90 ? (pick < 8 ? 'lost' : 'pending')
        : policy.daysLeft < 0 ? (pick < 4 ? 'renewed' : pick < 7 ? 'lost' : 'pending')
        : policy.daysLeft <= 7 ? (['pending', 'contacted', 'quoted', 'quoted', 'renewed', 'renewed', 'renewed', 'lost', 'contacted', 'pending'] as const)[pick]!
          : policy.daysLeft <= 30 ? (['pending', 'pending', 'contacted', 'contacted', 'quoted', 'quoted', 'renewed', 'lost', 'pending', 'contacted'] as const)[pick]!
            : policy.daysLeft <= 60 ? (['pending', 'pending', 'pending', 'contacted', 'contacted', 'quoted', 'pending', 'pending', 'renewed', 'pending'] as const)[pick]!
              : (['pending', 'pending', 'pending', 'pending', 'contacted', 'pending', 'pending', 'pending', 'pending', 'pending'] as const)[pick]!;
    const staff = (owners.get(policy.chainId) ?? []).filter((person) => person.storeIds.length === 0 || person.storeIds.includes(policy.storeId));
    // A few stay unassigned (未分配), as real pipelines do.
    const owner = pick === 3 && state === 'pending' ? null : (staff[policy.id % Math.max(1, staff.length)]?.id ?? null);
    const lostReason = state === 'lost' ? LOST_REASONS[policy.id % (LOST_REASONS.length - 1)]! : '';
    const notes = NOTES[state];
    const note = notes[policy.id % notes.length]!;
    const open = state !== 'renewed' && state !== 'lost';
    const nextContact = open && state !== 'pending' ? addDays(today, (policy.id % 9) - 2) : open && pick % 2 === 0 ? addDays(today, policy.id % 5) : null;
    renewals.push([policy.id, policy.chainId, policy.storeId, state, lostReason, owner, note, nextContact, owner]);
    const loggedOn = policy.daysLeft < -90 ? addDays(today, policy.daysLeft + (policy.id % 20)) : addDays(today, -((policy.id % 6) + 1));
    if (state !== 'pending') logs.push([policy.chainId, policy.id, owner, state, lostReason, note, nextContact, `${loggedOn}T02:30:00Z`]);
  }
  await insertMany(db, 'insurance_renewal', [
    ['policy_id', 'int'], ['chain_id', 'int'], ['store_id', 'int'], ['state', 'text'], ['lost_reason', 'text'], ['owner_id', 'int'], ['note', 'text'],
    ['next_contact', 'date'], ['updated_by', 'int'],
  ], renewals);
  await insertMany(db, 'insurance_renewal_log', [
    ['chain_id', 'int'], ['policy_id', 'int'], ['user_id', 'int'], ['state', 'text'], ['lost_reason', 'text'], ['note', 'text'], ['next_contact', 'date'], ['created_at', 'timestamptz'],
  ], logs);

  // The demo chain starts from the example insurer table (a fourth insurer switched off).
  const first = demo.chains[0];
  if (first) {
    const insurers = [...DEFAULT_INSURERS, { ...DEFAULT_INSURERS[2]!, code: 'ccic', name: '大地保险', enabled: false, independentCoefficient: 0.95 }];
    await db.run(sql`INSERT INTO insurance_insurer_setting (chain_id, insurers, version) VALUES (${first.id}, ${JSON.stringify(insurers)}::jsonb, 1)`);
  }
}
