/**
 * The maintenance timeline transform of spec section 4 ("Timeline rules"): the three input groups
 * of one vehicle (points.history, points.partReplaceAlert, points.maintEstimate) become one list of
 * timeline entries, highest mileage first. Pure and framework-free: the widget, the work-chat
 * sidebar and embedders (via dist/garage-widgets.js) all call the same function.
 *
 * The spec fixes the rules; where it is silent this file decides (docs/DECISIONS.md, "timeline"):
 * - isDone keeps the spec's meaning, odd as the name is: false = past (history), true = future.
 * - "last" = the most recent maintenance visit by date; mileage only breaks ties or stands in when
 *   no maintenance record has a date (dates come from the work order, mileages are typed by hand).
 * - "first" estimate = the earliest due by date, then the lowest mileage, then input order
 *   (contracts/rules/maintenance.ts: the panorama's 下次保养 is the same estimate).
 * - isShow = whether the entry's item list starts expanded: the next and the last maintenance do
 *   (what an advisor talks about), every other entry starts collapsed; never with nothing to show.
 * - A record without mileage keeps `mileage: null` and sits where its date puts it: just above the
 *   record with mileage dated on or before it (or at the bottom / just above the past when there is
 *   none). At equal (effective) mileage the future sits above the past, then newer above older.
 */
import { dayOf } from '../../contracts/dates';
import { pickNextMaintenance, REPAIR_POINTS } from '../../contracts/rules/maintenance';

export type PointEnum = 'MAINT_RECORD' | 'PART_REPLACE_RECORD' | 'PART_REPLACE_ALERT' | 'MAINT_ESTIMATE' | (string & {});

/** A part or item of a point: the server sends names; older clients sent objects. */
export type PartListEntry = string | { name?: string | null; partName?: string | null; itemName?: string | null } | null;

/** One record of an input group, with the spec's field names. Every field may be missing. */
export interface MaintenancePoint {
  maintRecordId?: string | number | null;
  /** Date of a past visit, 'YYYY-MM-DD'. */
  maintDate?: string | null;
  estimate?: {
    /** Due date of a future point (history may carry its visit date here too). */
    date?: string | null;
    /** Price at a 4S dealer (for history: the dealer's reference price of the same work). */
    s4Price?: number | string | null;
    /** Price at our independent shop (for history: what the customer paid). */
    zxcPrice?: number | string | null;
  } | null;
  /** Odometer of the visit, or the estimated odometer when due. */
  mileage?: number | string | null;
  partList?: PartListEntry[] | null;
  /** Kilometres since the previous service of this kind (the interval). */
  maintMileage?: number | string | null;
  pointEnum?: PointEnum | null;
}

export interface MaintenancePoints {
  history?: MaintenancePoint[] | null;
  partReplaceAlert?: MaintenancePoint[] | null;
  maintEstimate?: MaintenancePoint[] | null;
}

/** The spec's spelling, kept because it is the public contract. */
export type TimelineType = 'repair' | 'maintainance';

export interface TimelineEntry {
  id: string;
  date: string | null;
  mileage: number | null;
  s4Price: number | null;
  zxcPrice: number | null;
  descList: string[];
  maintMileage: number | null;
  type: TimelineType;
  /** The item list starts expanded. */
  isShow: boolean;
  /** Spec wording: true for the future (alerts and estimates), false for history. */
  isDone: boolean;
  isNext: boolean;
  isLast: boolean;
}

type Group = 'history' | 'partReplaceAlert' | 'maintEstimate';

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

/** 'YYYY-MM-DD', or the garage day of a longer ISO timestamp; anything else is no date. */
function dayOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return ISO_DAY.test(text) ? dayOf(text) : null;
}

function descriptions(partList: MaintenancePoint['partList']): string[] {
  if (!Array.isArray(partList)) return [];
  const names: string[] = [];
  for (const part of partList) {
    const name = typeof part === 'string' ? part : (part?.name ?? part?.partName ?? part?.itemName ?? '');
    const trimmed = typeof name === 'string' ? name.trim() : '';
    if (trimmed) names.push(trimmed);
  }
  return names;
}

interface Working {
  entry: TimelineEntry;
  group: Group;
  order: number;
  /** Mileage used for sorting: the entry's own, or inferred from its date. */
  sortMileage: number;
}

function toWorking(point: MaintenancePoint, group: Group, index: number, order: number): Working {
  const future = group !== 'history';
  const visitDay = dayOrNull(point.maintDate);
  const dueDay = dayOrNull(point.estimate?.date);
  const mileage = numberOrNull(point.mileage);
  return {
    entry: {
      id: point.maintRecordId === null || point.maintRecordId === undefined || point.maintRecordId === '' ? `${group}-${index}` : String(point.maintRecordId),
      date: future ? (dueDay ?? visitDay) : (visitDay ?? dueDay),
      mileage,
      s4Price: numberOrNull(point.estimate?.s4Price),
      zxcPrice: numberOrNull(point.estimate?.zxcPrice),
      descList: descriptions(point.partList),
      maintMileage: numberOrNull(point.maintMileage),
      type: REPAIR_POINTS.has(String(point.pointEnum ?? '')) ? 'repair' : 'maintainance',
      isShow: false,
      isDone: future,
      isNext: false,
      isLast: false,
    },
    group,
    order,
    sortMileage: mileage ?? Number.NaN,
  };
}

/** Compares 'YYYY-MM-DD' days; a missing day counts as older than any day. */
function compareDays(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

function pickLast(history: Working[]): Working | undefined {
  let best: Working | undefined;
  for (const candidate of history) {
    if (candidate.entry.type !== 'maintainance') continue;
    if (!best) {
      best = candidate;
      continue;
    }
    const byDay = compareDays(candidate.entry.date, best.entry.date);
    const byMileage = (candidate.entry.mileage ?? -1) - (best.entry.mileage ?? -1);
    // Equal day and mileage: the later one in the input wins (the server lists history in order).
    if (byDay > 0 || (byDay === 0 && byMileage >= 0)) best = candidate;
  }
  return best;
}

/**
 * Gives entries without mileage a sort mileage from their date: that of the dated entry with
 * mileage on or before their day (latest such day, highest mileage). None: the past goes to the
 * bottom, the future just above the highest past mileage.
 */
function inferSortMileage(all: Working[]): void {
  const anchors = all
    .filter((item) => item.entry.mileage !== null && item.entry.date !== null)
    .map((item) => ({ day: item.entry.date as string, mileage: item.entry.mileage as number }));
  const pastMileages = all.filter((item) => !item.entry.isDone && item.entry.mileage !== null).map((item) => item.entry.mileage as number);
  const highestPast = pastMileages.length ? Math.max(...pastMileages) : 0;
  for (const item of all) {
    if (item.entry.mileage !== null) continue;
    const day = item.entry.date;
    let anchor: { day: string; mileage: number } | undefined;
    if (day !== null) {
      for (const candidate of anchors) {
        if (candidate.day > day) continue;
        if (!anchor || candidate.day > anchor.day || (candidate.day === anchor.day && candidate.mileage > anchor.mileage)) anchor = candidate;
      }
    }
    if (anchor) item.sortMileage = anchor.mileage;
    else item.sortMileage = item.entry.isDone ? highestPast : Number.NEGATIVE_INFINITY;
  }
}

function compareForTimeline(a: Working, b: Working): number {
  if (a.sortMileage !== b.sortMileage) return b.sortMileage - a.sortMileage;
  if (a.entry.isDone !== b.entry.isDone) return a.entry.isDone ? -1 : 1;
  // An entry placed by its date is dated on or after the entry it borrowed the mileage from.
  if ((a.entry.mileage === null) !== (b.entry.mileage === null)) return a.entry.mileage === null ? -1 : 1;
  // Later dates sit higher on both sides: the top of the timeline is the furthest future.
  const byDay = compareDays(b.entry.date, a.entry.date);
  if (byDay !== 0) return byDay;
  return a.order - b.order;
}

/** Makes ids unique across groups (a repair and its part record may share a maintenance id). */
function uniqueIds(items: Working[]): void {
  const seen = new Set<string>();
  for (const item of items) {
    let id = item.entry.id;
    if (seen.has(id)) id = `${item.group}-${item.entry.id}`;
    let suffix = 2;
    while (seen.has(id)) id = `${item.group}-${item.entry.id}-${suffix++}`;
    item.entry.id = id;
    seen.add(id);
  }
}

/** Spec section 4: the maintenance timeline of one vehicle, highest mileage first. */
export function buildTimeline(points: MaintenancePoints | null | undefined): TimelineEntry[] {
  const groups: [Group, MaintenancePoint[] | null | undefined][] = [
    ['history', points?.history],
    ['partReplaceAlert', points?.partReplaceAlert],
    ['maintEstimate', points?.maintEstimate],
  ];
  const all: Working[] = [];
  for (const [group, list] of groups) {
    if (!Array.isArray(list)) continue;
    list.forEach((point, index) => {
      if (point && typeof point === 'object') all.push(toWorking(point, group, index, all.length));
    });
  }
  uniqueIds(all);

  const last = pickLast(all.filter((item) => item.group === 'history'));
  if (last) last.entry.isLast = true;
  // The same rule gives the panorama's 下次保养 (contracts/rules/maintenance.ts).
  const next = pickNextMaintenance(all.filter((item) => item.group === 'maintEstimate'), (item) => (item.entry.type === 'maintainance' ? item.entry : null));
  if (next) next.entry.isNext = true;
  for (const item of all) {
    item.entry.isShow = (item.entry.isLast || item.entry.isNext) && item.entry.descList.length > 0;
  }

  inferSortMileage(all);
  return all.sort(compareForTimeline).map((item) => item.entry);
}

/** What the customer saves at our shop compared with a 4S dealer; null when a price is missing. */
export function savingOf(entry: Pick<TimelineEntry, 's4Price' | 'zxcPrice'>): number | null {
  if (entry.s4Price === null || entry.zxcPrice === null) return null;
  return Math.round((entry.s4Price - entry.zxcPrice) * 100) / 100;
}
