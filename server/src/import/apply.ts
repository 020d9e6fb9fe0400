/**
 * Applying one batch of checked rows inside the caller's transaction: customers + vehicles
 * (kind customer) or leads (kind potential), tags, and the rows for the report. Everything is a
 * handful of set-based statements per batch (unnest arrays), not one statement per row.
 *
 * Duplicates are looked up in the row's target store: the same mobile, or the same plate (a
 * customer's vehicle / a lead's plate). Rows earlier in the same file count too (they are
 * committed in earlier batches or kept in this batch's maps), so a file that lists one customer
 * twice never makes two. skip: the row is counted as skipped; update: only empty fields are
 * filled; overwrite: every field the row has replaces the stored one (empty cells never erase).
 */
import type { DuplicateMode, ImportKind } from '../../../contracts/api/import';
import { IMPORT_FIELD_LABELS, problemsText, type CheckedRow, type ImportStore, type ImportValues } from '../../../contracts/rules/import';
import { POLICY_FIELD_LABELS, type CheckedPolicyRow, type PolicyField } from '../../../contracts/rules/policy-import';
import { newIds, sql, type Queryable } from '../db/database';
import { convertMatchingLeadsInBulk } from '../repositories/potential';
import { applyPolicies } from './apply-policy';
import { refreshCustomersNextMaintenance } from '../repositories/next-maintenance';

export interface BatchRow {
  row: number;
  /** The original cells as text (for the report). */
  cells: string[];
  /** CheckedPolicyRow for kind 'policy'. */
  checked: CheckedRow | CheckedPolicyRow;
}

export interface BatchTask {
  id: number;
  chainId: number;
  kind: ImportKind;
  duplicates: DuplicateMode;
  /** The store rows without a 门店 cell go to. */
  storeId: number;
  /** The stores the user could see when starting: a policy's vehicle must be in one of them. */
  scopeStoreIds: number[];
}

export interface BatchCounts {
  imported: number;
  updated: number;
  skipped: number;
  failed: number;
  warned: number;
}

/** What customer.source says for customers that came from a file. */
export const IMPORT_SOURCE = '批量导入';

const storeOf = (values: ImportValues, task: BatchTask) => (typeof values.store === 'object' ? (values.store as ImportStore).id : task.storeId);

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || value === 0;

/** The merged value of one field: update fills empty ones, overwrite takes whatever the row has. */
function merge<T>(mode: DuplicateMode, current: T, incoming: T | undefined): T {
  if (incoming === undefined || isEmpty(incoming)) return current;
  return mode === 'overwrite' || isEmpty(current) ? incoming : current;
}

const later = (a: string | null, b: string | null | undefined) => (!b ? a : !a || b > a ? b : a);

interface CustomerState {
  id: number;
  isNew: boolean;
  changed: boolean;
  storeId: number;
  name: string;
  mobile: string;
  remark: string;
  /** Day of the last visit, 'YYYY-MM-DD' */
  lastVisit: string | null;
  tags: Set<string>;
}

interface VehicleState {
  id: number;
  isNew: boolean;
  changed: boolean;
  customerId: number;
  storeId: number;
  plate: string;
  energyType: string;
  vin: string;
  brand: string;
  series: string;
  mileage: number;
  mileageDay: string | null;
  insuranceExpiry: string | null;
  lastVisit: string | null;
}

/** Row-level outcome, so the caller can count and report. */
type Outcome = 'imported' | 'updated' | 'skipped';

const dayOf = (timestamp: string | null) => (timestamp ? new Date(timestamp).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' }) : null);

async function applyCustomers(tx: Queryable, task: BatchTask, batch: BatchRow[], today: string): Promise<Outcome[]> {
  const rows = batch as (BatchRow & { checked: CheckedRow })[];
  const chain = task.chainId;
  const stores = [...new Set(rows.map((row) => storeOf(row.checked.values, task)))];
  const mobiles = [...new Set(rows.map((row) => row.checked.values.mobile).filter((m): m is string => !!m))];
  const plates = [...new Set(rows.map((row) => row.checked.values.plate).filter((p): p is string => !!p))];

  const customers = new Map<number, CustomerState>();
  const vehicles = new Map<number, VehicleState>();
  const byMobile = new Map<string, number>();
  const byPlate = new Map<string, number>();
  const key = (store: number, text: string) => `${store}\u0000${text}`;

  const found = await tx.rows<{ id: number; store_id: number; name: string; mobile: string; remark: string; last_visit_at: string | null }>(sql`
    SELECT c.id, c.store_id, c.name, c.mobile, c.remark, c.last_visit_at FROM customer c
     WHERE c.chain_id = ${chain} AND c.store_id = ANY(${sql.param(stores)}::int[])
       AND (c.mobile = ANY(${sql.param(mobiles)}::text[])
            OR c.id IN (SELECT v.customer_id FROM vehicle v WHERE v.chain_id = ${chain} AND v.store_id = ANY(${sql.param(stores)}::int[]) AND v.plate = ANY(${sql.param(plates)}::text[])))
     ORDER BY c.id`);
  for (const c of found) {
    customers.set(c.id, { id: c.id, isNew: false, changed: false, storeId: c.store_id, name: c.name, mobile: c.mobile, remark: c.remark, lastVisit: dayOf(c.last_visit_at), tags: new Set() });
    if (c.mobile && !byMobile.has(key(c.store_id, c.mobile))) byMobile.set(key(c.store_id, c.mobile), c.id);
  }
  const foundVehicles = await tx.rows<{ id: number; customer_id: number; store_id: number; plate: string; energy_type: string; vin: string; brand: string; series: string; mileage: number; mileage_updated_at: string | null; insurance_expiry: string | null; last_visit_at: string | null }>(sql`
    SELECT v.id, v.customer_id, v.store_id, v.plate, v.energy_type, v.vin, v.brand, v.series, v.mileage, v.mileage_updated_at, v.insurance_expiry, v.last_visit_at
      FROM vehicle v WHERE v.chain_id = ${chain} AND v.store_id = ANY(${sql.param(stores)}::int[]) AND v.plate = ANY(${sql.param(plates)}::text[]) ORDER BY v.id`);
  for (const v of foundVehicles) {
    vehicles.set(v.id, { id: v.id, isNew: false, changed: false, customerId: v.customer_id, storeId: v.store_id, plate: v.plate, energyType: v.energy_type, vin: v.vin, brand: v.brand, series: v.series, mileage: v.mileage, mileageDay: v.mileage_updated_at, insuranceExpiry: v.insurance_expiry, lastVisit: dayOf(v.last_visit_at) });
    if (!byPlate.has(key(v.store_id, v.plate))) byPlate.set(key(v.store_id, v.plate), v.id);
  }

  let nextTemp = -1;
  const outcomes: Outcome[] = [];
  for (const { checked } of rows) {
    const values = checked.values;
    const store = storeOf(values, task);
    const vehicleId = values.plate ? byPlate.get(key(store, values.plate)) : undefined;
    const customerId = (values.mobile ? byMobile.get(key(store, values.mobile)) : undefined) ?? (vehicleId !== undefined ? vehicles.get(vehicleId)!.customerId : undefined);
    const mode = task.duplicates;
    if (customerId !== undefined && mode === 'skip') {
      outcomes.push('skipped');
      continue;
    }
    let customer: CustomerState;
    if (customerId === undefined) {
      customer = { id: nextTemp--, isNew: true, changed: true, storeId: store, name: values.name ?? '', mobile: values.mobile ?? '', remark: values.remark ?? '', lastVisit: values.lastVisitDate ?? null, tags: new Set() };
      customers.set(customer.id, customer);
      if (customer.mobile) byMobile.set(key(store, customer.mobile), customer.id);
      outcomes.push('imported');
    } else {
      customer = customers.get(customerId)!;
      const before = JSON.stringify([customer.name, customer.mobile, customer.remark, customer.lastVisit]);
      customer.name = merge(mode, customer.name, values.name);
      customer.mobile = merge(mode, customer.mobile, values.mobile);
      customer.remark = merge(mode, customer.remark, values.remark);
      // The customer's last visit is the latest of its vehicles' (the list sorts by it).
      customer.lastVisit = later(customer.lastVisit, values.lastVisitDate);
      if (JSON.stringify([customer.name, customer.mobile, customer.remark, customer.lastVisit]) !== before) customer.changed = true;
      if (customer.mobile && !byMobile.has(key(store, customer.mobile))) byMobile.set(key(store, customer.mobile), customer.id);
      outcomes.push('updated');
    }
    for (const tag of values.tags ?? []) customer.tags.add(tag);
    if (!values.plate) continue;
    const existing = vehicleId !== undefined ? vehicles.get(vehicleId)! : undefined;
    if (!existing) {
      const vehicle: VehicleState = {
        id: nextTemp--, isNew: true, changed: true, customerId: customer.id, storeId: store, plate: values.plate, energyType: values.energyType ?? 'fuel',
        vin: values.vin ?? '', brand: values.brand ?? '', series: values.series ?? '', mileage: values.mileage ?? 0,
        mileageDay: values.mileage !== undefined ? (values.lastVisitDate ?? today) : null, insuranceExpiry: values.insuranceExpiry ?? null, lastVisit: values.lastVisitDate ?? null,
      };
      vehicles.set(vehicle.id, vehicle);
      byPlate.set(key(store, vehicle.plate), vehicle.id);
    } else {
      const before = JSON.stringify(existing);
      existing.vin = merge(mode, existing.vin, values.vin);
      existing.brand = merge(mode, existing.brand, values.brand);
      existing.series = merge(mode, existing.series, values.series);
      const mileage = merge(mode, existing.mileage, values.mileage);
      if (mileage !== existing.mileage) {
        existing.mileage = mileage;
        existing.mileageDay = values.lastVisitDate ?? today;
      }
      existing.insuranceExpiry = merge(mode, existing.insuranceExpiry, values.insuranceExpiry);
      existing.lastVisit = later(existing.lastVisit, values.lastVisitDate);
      if (JSON.stringify(existing) !== before) existing.changed = true;
    }
  }

  // Real ids for the new customers and vehicles, taken from their identity sequences in one go.
  const newCustomers = [...customers.values()].filter((c) => c.isNew);
  const newVehicles = [...vehicles.values()].filter((v) => v.isNew);
  const idMap = new Map<number, number>();
  if (newCustomers.length > 0) {
    const ids = await tx.rows<{ id: number }>(newIds('customer', newCustomers.length));
    newCustomers.forEach((c, i) => idMap.set(c.id, ids[i].id));
    await tx.run(sql`
      INSERT INTO customer (id, chain_id, store_id, name, mobile, remark, source, first_visit_at, last_visit_at)
      SELECT u.id, ${chain}, u.store_id, u.name, u.mobile, u.remark, ${IMPORT_SOURCE}, u.visit::date::timestamptz, u.visit::date::timestamptz
        FROM unnest(${sql.param(newCustomers.map((c) => idMap.get(c.id)!))}::int[], ${sql.param(newCustomers.map((c) => c.storeId))}::int[],
                    ${sql.param(newCustomers.map((c) => c.name))}::text[], ${sql.param(newCustomers.map((c) => c.mobile))}::text[],
                    ${sql.param(newCustomers.map((c) => c.remark))}::text[], ${sql.param(newCustomers.map((c) => c.lastVisit))}::text[])
             AS u(id, store_id, name, mobile, remark, visit)`);
  }
  const realId = (id: number) => idMap.get(id) ?? id;
  const changedCustomers = [...customers.values()].filter((c) => !c.isNew && c.changed);
  if (changedCustomers.length > 0) {
    await tx.run(sql`
      UPDATE customer c SET name = u.name, mobile = u.mobile, remark = u.remark,
             last_visit_at = COALESCE(u.visit::date::timestamptz, c.last_visit_at), first_visit_at = COALESCE(c.first_visit_at, u.visit::date::timestamptz), updated_at = now()
        FROM unnest(${sql.param(changedCustomers.map((c) => c.id))}::int[], ${sql.param(changedCustomers.map((c) => c.name))}::text[],
                    ${sql.param(changedCustomers.map((c) => c.mobile))}::text[], ${sql.param(changedCustomers.map((c) => c.remark))}::text[],
                    ${sql.param(changedCustomers.map((c) => c.lastVisit))}::text[]) AS u(id, name, mobile, remark, visit)
       WHERE c.id = u.id AND c.chain_id = ${chain}`);
  }
  if (newVehicles.length > 0) {
    const v = newVehicles;
    await tx.run(sql`
      INSERT INTO vehicle (chain_id, store_id, customer_id, plate, energy_type, vin, brand, series, model, mileage, mileage_updated_at, insurance_expiry, last_visit_at)
      SELECT ${chain}, u.store_id, u.customer_id, u.plate, u.energy, u.vin, u.brand, u.series, '', u.mileage, u.mileage_day::date, u.expiry::date, u.visit::date::timestamptz
        FROM unnest(${sql.param(v.map((x) => x.storeId))}::int[], ${sql.param(v.map((x) => realId(x.customerId)))}::int[], ${sql.param(v.map((x) => x.plate))}::text[],
                    ${sql.param(v.map((x) => x.energyType))}::text[], ${sql.param(v.map((x) => x.vin))}::text[], ${sql.param(v.map((x) => x.brand))}::text[],
                    ${sql.param(v.map((x) => x.series))}::text[], ${sql.param(v.map((x) => x.mileage))}::int[], ${sql.param(v.map((x) => x.mileageDay))}::text[],
                    ${sql.param(v.map((x) => x.insuranceExpiry))}::text[], ${sql.param(v.map((x) => x.lastVisit))}::text[])
             AS u(store_id, customer_id, plate, energy, vin, brand, series, mileage, mileage_day, expiry, visit)`);
  }
  const changedVehicles = [...vehicles.values()].filter((x) => !x.isNew && x.changed);
  if (changedVehicles.length > 0) {
    const v = changedVehicles;
    await tx.run(sql`
      UPDATE vehicle t SET vin = u.vin, brand = u.brand, series = u.series, mileage = u.mileage, mileage_updated_at = u.mileage_day::date,
             insurance_expiry = u.expiry::date, last_visit_at = COALESCE(u.visit::date::timestamptz, t.last_visit_at), updated_at = now()
        FROM unnest(${sql.param(v.map((x) => x.id))}::int[], ${sql.param(v.map((x) => x.vin))}::text[], ${sql.param(v.map((x) => x.brand))}::text[],
                    ${sql.param(v.map((x) => x.series))}::text[], ${sql.param(v.map((x) => x.mileage))}::int[], ${sql.param(v.map((x) => x.mileageDay))}::text[],
                    ${sql.param(v.map((x) => x.insuranceExpiry))}::text[], ${sql.param(v.map((x) => x.lastVisit))}::text[])
             AS u(id, vin, brand, series, mileage, mileage_day, expiry, visit)
       WHERE t.id = u.id AND t.chain_id = ${chain}`);
  }
  // A car's 下次保养 moves with its odometer reading, brand and series (repositories/next-maintenance.ts).
  await refreshCustomersNextMaintenance(tx, chain, today, [...newVehicles.map((x) => realId(x.customerId)), ...changedVehicles.map((x) => x.customerId)]);
  // Tags: a tag the chain does not have yet is created (the chain's old system had it; dropping it would lose data).
  const tagged = [...customers.values()].filter((c) => c.tags.size > 0);
  if (tagged.length > 0) {
    const names = [...new Set(tagged.flatMap((c) => [...c.tags]))];
    await tx.run(sql`INSERT INTO tag (chain_id, name) SELECT ${chain}, n FROM unnest(${sql.param(names)}::text[]) AS n ON CONFLICT (chain_id, name) DO NOTHING`);
    const tags = await tx.rows<{ id: number; name: string }>(sql`SELECT id, name FROM tag WHERE chain_id = ${chain} AND name = ANY(${sql.param(names)}::text[])`);
    const tagId = new Map(tags.map((t) => [t.name, t.id]));
    const pairs = tagged.flatMap((c) => [...c.tags].map((name) => [realId(c.id), tagId.get(name)!] as const));
    await tx.run(sql`
      INSERT INTO customer_tag (chain_id, customer_id, tag_id)
      SELECT ${chain}, u.c, u.t FROM unnest(${sql.param(pairs.map((p) => p[0]))}::int[], ${sql.param(pairs.map((p) => p[1]))}::int[]) AS u(c, t)
      ON CONFLICT DO NOTHING`);
  }
  // A lead (潜在客户) with one of these mobiles or plates has now come in as a customer.
  await convertMatchingLeadsInBulk(tx, chain, [
    ...[...customers.values()].filter((c) => c.isNew || c.changed).map((c) => ({ customerId: realId(c.id), mobile: c.mobile, plate: '' })),
    ...[...vehicles.values()].filter((v) => v.isNew || v.changed).map((v) => ({ customerId: realId(v.customerId), mobile: '', plate: v.plate })),
  ]);
  return outcomes;
}

interface LeadState {
  id: number;
  isNew: boolean;
  changed: boolean;
  storeId: number;
  name: string;
  mobile: string;
  plate: string;
  source: string;
  intent: string;
  remark: string;
}

async function applyLeads(tx: Queryable, task: BatchTask, batch: BatchRow[]): Promise<Outcome[]> {
  const rows = batch as (BatchRow & { checked: CheckedRow })[];
  const chain = task.chainId;
  const stores = [...new Set(rows.map((row) => storeOf(row.checked.values, task)))];
  const mobiles = [...new Set(rows.map((row) => row.checked.values.mobile).filter((m): m is string => !!m))];
  const plates = [...new Set(rows.map((row) => row.checked.values.plate).filter((p): p is string => !!p))];
  const leads = new Map<number, LeadState>();
  const byMobile = new Map<string, number>();
  const byPlate = new Map<string, number>();
  const key = (store: number, text: string) => `${store}\u0000${text}`;
  const remember = (lead: LeadState) => {
    if (lead.mobile && !byMobile.has(key(lead.storeId, lead.mobile))) byMobile.set(key(lead.storeId, lead.mobile), lead.id);
    if (lead.plate && !byPlate.has(key(lead.storeId, lead.plate))) byPlate.set(key(lead.storeId, lead.plate), lead.id);
  };
  const found = await tx.rows<{ id: number; store_id: number; name: string; mobile: string; plate: string; source: string; intent: string; remark: string }>(sql`
    SELECT id, store_id, name, mobile, plate, source, intent, remark FROM potential_customer
     WHERE chain_id = ${chain} AND store_id = ANY(${sql.param(stores)}::int[])
       AND ((mobile <> '' AND mobile = ANY(${sql.param(mobiles)}::text[])) OR (plate <> '' AND plate = ANY(${sql.param(plates)}::text[])))
     ORDER BY id`);
  for (const lead of found) {
    const state: LeadState = { id: lead.id, isNew: false, changed: false, storeId: lead.store_id, name: lead.name, mobile: lead.mobile, plate: lead.plate, source: lead.source, intent: lead.intent, remark: lead.remark };
    leads.set(lead.id, state);
    remember(state);
  }
  let nextTemp = -1;
  const outcomes: Outcome[] = [];
  for (const { checked } of rows) {
    const values = checked.values;
    const store = storeOf(values, task);
    const id = (values.mobile ? byMobile.get(key(store, values.mobile)) : undefined) ?? (values.plate ? byPlate.get(key(store, values.plate)) : undefined);
    const mode = task.duplicates;
    if (id === undefined) {
      const lead: LeadState = { id: nextTemp--, isNew: true, changed: true, storeId: store, name: values.name ?? '', mobile: values.mobile ?? '', plate: values.plate ?? '', source: values.source ?? '', intent: values.intent ?? '', remark: values.remark ?? '' };
      leads.set(lead.id, lead);
      remember(lead);
      outcomes.push('imported');
      continue;
    }
    if (mode === 'skip') {
      outcomes.push('skipped');
      continue;
    }
    const lead = leads.get(id)!;
    const before = JSON.stringify(lead);
    for (const field of ['name', 'mobile', 'plate', 'source', 'intent', 'remark'] as const) lead[field] = merge(mode, lead[field], values[field]);
    if (JSON.stringify(lead) !== before) lead.changed = true;
    remember(lead);
    outcomes.push('updated');
  }
  const added = [...leads.values()].filter((lead) => lead.isNew);
  if (added.length > 0) {
    await tx.run(sql`
      INSERT INTO potential_customer (chain_id, store_id, name, mobile, plate, source, intent, remark, import_task_id)
      SELECT ${chain}, u.store_id, u.name, u.mobile, u.plate, u.source, u.intent, u.remark, ${task.id}
        FROM unnest(${sql.param(added.map((l) => l.storeId))}::int[], ${sql.param(added.map((l) => l.name))}::text[], ${sql.param(added.map((l) => l.mobile))}::text[],
                    ${sql.param(added.map((l) => l.plate))}::text[], ${sql.param(added.map((l) => l.source))}::text[], ${sql.param(added.map((l) => l.intent))}::text[],
                    ${sql.param(added.map((l) => l.remark))}::text[]) AS u(store_id, name, mobile, plate, source, intent, remark)`);
  }
  const changed = [...leads.values()].filter((lead) => !lead.isNew && lead.changed);
  if (changed.length > 0) {
    await tx.run(sql`
      UPDATE potential_customer p SET name = u.name, mobile = u.mobile, plate = u.plate, source = u.source, intent = u.intent, remark = u.remark,
             version = p.version + 1, updated_at = now()
        FROM unnest(${sql.param(changed.map((l) => l.id))}::int[], ${sql.param(changed.map((l) => l.name))}::text[], ${sql.param(changed.map((l) => l.mobile))}::text[],
                    ${sql.param(changed.map((l) => l.plate))}::text[], ${sql.param(changed.map((l) => l.source))}::text[], ${sql.param(changed.map((l) => l.intent))}::text[],
                    ${sql.param(changed.map((l) => l.remark))}::text[]) AS u(id, name, mobile, plate, source, intent, remark)
       WHERE p.id = u.id AND p.chain_id = ${chain}`);
  }
  return outcomes;
}

/** Column names of a row's problems, for the report: 手机号、车牌号 */
const fieldLabel = (field: string) => (IMPORT_FIELD_LABELS as Record<string, string>)[field] ?? POLICY_FIELD_LABELS[field as PolicyField] ?? field;
const problemFields = (row: BatchRow) => [...new Set(row.checked.problems.map((problem) => fieldLabel(problem.field)))].join('、');

/**
 * One batch: the good rows applied, the bad rows (and the notes of imported rows with warnings)
 * recorded for the report; answers the counts. Runs inside the caller's transaction. A policy row
 * the database refuses (no such vehicle in scope, a policy number of another car) becomes a bad row.
 */
export async function applyBatch(tx: Queryable, task: BatchTask, rows: BatchRow[], today: string): Promise<BatchCounts> {
  const good = rows.filter((row) => row.checked.importable);
  const bad = rows.filter((row) => !row.checked.importable);
  const applied = good.length === 0 ? []
    : task.kind === 'customer' ? await applyCustomers(tx, task, good, today)
    : task.kind === 'potential' ? await applyLeads(tx, task, good)
    : await applyPolicies(tx, task, good);
  const counts: BatchCounts = { imported: 0, updated: 0, skipped: 0, failed: 0, warned: 0 };
  const noted: BatchRow[] = [];
  good.forEach((row, i) => {
    const outcome = applied[i];
    if (typeof outcome === 'object') {
      const checked = row.checked as CheckedPolicyRow;
      bad.push({ ...row, checked: { ...checked, problems: [...checked.problems, { field: outcome.field, level: 'error', message: outcome.message }], importable: false } });
      return;
    }
    counts[outcome] += 1;
    if (outcome !== 'skipped' && row.checked.problems.length > 0) {
      counts.warned += 1;
      noted.push(row);
    }
  });
  counts.failed = bad.length;
  bad.sort((a, b) => a.row - b.row);
  const report = [...bad.map((row) => ({ row, level: 'error' })), ...noted.map((row) => ({ row, level: 'warning' }))];
  if (report.length > 0) {
    await tx.run(sql`
      INSERT INTO import_task_error (task_id, row_no, level, cells, field, message)
      SELECT ${task.id}, u.row_no, u.level, u.cells::jsonb, u.field, u.message
        FROM unnest(${sql.param(report.map((r) => r.row.row))}::int[], ${sql.param(report.map((r) => r.level))}::text[],
                    ${sql.param(report.map((r) => JSON.stringify(r.row.cells)))}::text[], ${sql.param(report.map((r) => problemFields(r.row)))}::text[],
                    ${sql.param(report.map((r) => problemsText(r.row.checked.problems)))}::text[]) AS u(row_no, level, cells, field, message)`);
  }
  return counts;
}
