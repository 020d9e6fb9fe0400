import { describe, expect, it } from 'vitest';
import { buildTimeline, savingOf, type MaintenancePoint } from './timeline';

const visit = (id: number, maintDate: string | null, mileage: number | null, extra: Partial<MaintenancePoint> = {}): MaintenancePoint => ({
  maintRecordId: id,
  maintDate,
  mileage,
  pointEnum: 'MAINT_RECORD',
  partList: ['小保养（机油+机滤）'],
  ...extra,
});
const estimate = (id: string, date: string | null, mileage: number | null, extra: Partial<MaintenancePoint> = {}): MaintenancePoint => ({
  maintRecordId: id,
  estimate: { date, s4Price: 980, zxcPrice: 520 },
  mileage,
  pointEnum: 'MAINT_ESTIMATE',
  partList: ['小保养（机油+机滤）', '更换空调滤芯'],
  maintMileage: 7500,
  ...extra,
});
const alert = (id: string, date: string, mileage: number): MaintenancePoint => ({
  maintRecordId: id,
  estimate: { date, s4Price: 1200, zxcPrice: 680 },
  mileage,
  pointEnum: 'PART_REPLACE_ALERT',
  partList: ['前刹车片'],
});
const ids = (points: Parameters<typeof buildTimeline>[0]) => buildTimeline(points).map((entry) => entry.id);

describe('buildTimeline: the spec’s rules', () => {
  const timeline = buildTimeline({
    history: [visit(1, '2025-01-10', 30000), visit(2, '2025-08-02', 37500, { pointEnum: 'PART_REPLACE_RECORD', partList: ['更换前刹车片'] }), visit(3, '2025-09-01', 38000)],
    partReplaceAlert: [alert('a1', '2026-03-01', 44000)],
    maintEstimate: [estimate('e1', '2026-02-01', 45500), estimate('e2', '2026-08-01', 53000)],
  });
  const byId = Object.fromEntries(timeline.map((entry) => [entry.id, entry]));

  it('marks history as past (isDone false) and alerts and estimates as future (isDone true)', () => {
    expect([1, 2, 3].map((id) => byId[id].isDone)).toEqual([false, false, false]);
    expect(['a1', 'e1', 'e2'].map((id) => byId[id].isDone)).toEqual([true, true, true]);
  });

  it('sorts by mileage, highest first', () => {
    expect(timeline.map((entry) => entry.mileage)).toEqual([53000, 45500, 44000, 38000, 37500, 30000]);
  });

  it('gives isLast to the last maintenance record of history only', () => {
    expect(timeline.filter((entry) => entry.isLast).map((entry) => entry.id)).toEqual(['3']);
  });

  it('gives isNext to the first maintenance record of the estimates only', () => {
    expect(timeline.filter((entry) => entry.isNext).map((entry) => entry.id)).toEqual(['e1']);
  });

  it('types PART_REPLACE_RECORD and PART_REPLACE_ALERT as repair, everything else as maintainance', () => {
    expect(byId['2'].type).toBe('repair');
    expect(byId.a1.type).toBe('repair');
    expect([byId['1'].type, byId['3'].type, byId.e1.type]).toEqual(['maintainance', 'maintainance', 'maintainance']);
    const odd = buildTimeline({ history: [visit(9, '2025-01-01', 1, { pointEnum: 'SOMETHING_NEW' }), visit(10, '2025-01-02', 2, { pointEnum: null })] });
    expect(odd.map((entry) => entry.type)).toEqual(['maintainance', 'maintainance']);
  });

  it('maps the input fields onto the output fields', () => {
    expect(byId.e1).toEqual({
      id: 'e1',
      date: '2026-02-01',
      mileage: 45500,
      s4Price: 980,
      zxcPrice: 520,
      descList: ['小保养（机油+机滤）', '更换空调滤芯'],
      maintMileage: 7500,
      type: 'maintainance',
      isShow: true,
      isDone: true,
      isNext: true,
      isLast: false,
    });
    expect(byId['1']).toMatchObject({ date: '2025-01-10', mileage: 30000, s4Price: null, zxcPrice: null, maintMileage: null });
  });
});

describe('buildTimeline: what "last" and "first" mean', () => {
  it('takes the most recent date as last even when an older visit has a higher mileage', () => {
    const timeline = buildTimeline({ history: [visit(1, '2025-06-01', 52000), visit(2, '2025-09-01', 50000)] });
    expect(timeline.find((entry) => entry.isLast)?.id).toBe('2');
    expect(timeline.map((entry) => entry.id)).toEqual(['1', '2']);
  });

  it('breaks a tie of dates by the higher mileage, then by input order', () => {
    expect(buildTimeline({ history: [visit(1, '2025-06-01', 52000), visit(2, '2025-06-01', 50000)] }).find((entry) => entry.isLast)?.id).toBe('1');
    expect(buildTimeline({ history: [visit(1, '2025-06-01', 50000), visit(2, '2025-06-01', 50000)] }).find((entry) => entry.isLast)?.id).toBe('2');
  });

  it('prefers a dated record over an undated one, and uses mileage when nothing is dated', () => {
    expect(buildTimeline({ history: [visit(1, null, 90000), visit(2, '2024-01-01', 20000)] }).find((entry) => entry.isLast)?.id).toBe('2');
    expect(buildTimeline({ history: [visit(1, null, 90000), visit(2, null, 20000)] }).find((entry) => entry.isLast)?.id).toBe('1');
  });

  it('never makes a repair the last maintenance, and leaves isLast unset when history holds only repairs', () => {
    const repair = (id: number, day: string, km: number) => visit(id, day, km, { pointEnum: 'PART_REPLACE_RECORD' });
    expect(buildTimeline({ history: [visit(1, '2025-01-01', 10000), repair(2, '2025-05-01', 15000)] }).find((entry) => entry.isLast)?.id).toBe('1');
    expect(buildTimeline({ history: [repair(1, '2025-01-01', 10000)] }).some((entry) => entry.isLast)).toBe(false);
  });

  it('takes the earliest due date as next, whatever the input order or mileage says', () => {
    const timeline = buildTimeline({ maintEstimate: [estimate('late', '2026-09-01', 40000), estimate('soon', '2026-03-01', 46000)] });
    expect(timeline.find((entry) => entry.isNext)?.id).toBe('soon');
  });

  it('falls back to the lowest mileage, then input order, for estimates without dates', () => {
    expect(buildTimeline({ maintEstimate: [estimate('x', null, 60000), estimate('y', null, 52000)] }).find((entry) => entry.isNext)?.id).toBe('y');
    expect(buildTimeline({ maintEstimate: [estimate('x', null, null), estimate('y', null, null)] }).find((entry) => entry.isNext)?.id).toBe('x');
    expect(buildTimeline({ maintEstimate: [estimate('x', null, 40000), estimate('y', '2027-01-01', 90000)] }).find((entry) => entry.isNext)?.id).toBe('y');
  });

  it('never gives isNext to an alert or a repair estimate, even when it is due sooner', () => {
    const timeline = buildTimeline({
      partReplaceAlert: [alert('a', '2026-01-01', 41000)],
      maintEstimate: [estimate('r', '2026-01-15', 41500, { pointEnum: 'PART_REPLACE_ALERT' }), estimate('m', '2026-02-01', 42000)],
    });
    expect(timeline.filter((entry) => entry.isNext).map((entry) => entry.id)).toEqual(['m']);
  });
});

describe('buildTimeline: isShow (item list starts expanded)', () => {
  it('expands the next and the last maintenance and collapses everything else', () => {
    const timeline = buildTimeline({
      history: [visit(1, '2025-01-01', 10000), visit(2, '2025-07-01', 17000)],
      partReplaceAlert: [alert('a', '2026-01-01', 21000)],
      maintEstimate: [estimate('e1', '2026-01-01', 24500), estimate('e2', '2026-07-01', 32000)],
    });
    expect(Object.fromEntries(timeline.map((entry) => [entry.id, entry.isShow]))).toEqual({ '1': false, '2': true, a: false, e1: true, e2: false });
  });

  it('does not expand an entry with nothing to list', () => {
    const timeline = buildTimeline({ history: [visit(1, '2025-01-01', 10000, { partList: [] })], maintEstimate: [estimate('e', '2026-01-01', 17000, { partList: null })] });
    expect(timeline.map((entry) => [entry.isLast || entry.isNext, entry.isShow])).toEqual([[true, false], [true, false]]);
  });
});

describe('buildTimeline: empty and missing input', () => {
  it('answers an empty timeline for no points, empty groups or missing groups', () => {
    expect(buildTimeline(undefined)).toEqual([]);
    expect(buildTimeline(null)).toEqual([]);
    expect(buildTimeline({})).toEqual([]);
    expect(buildTimeline({ history: [], partReplaceAlert: [], maintEstimate: [] })).toEqual([]);
    expect(buildTimeline({ history: null, partReplaceAlert: null, maintEstimate: null })).toEqual([]);
  });

  it('builds the future alone (a new customer) and the past alone (no plan for the car)', () => {
    const futureOnly = buildTimeline({ maintEstimate: [estimate('e', '2026-05-01', 5000)] });
    expect(futureOnly.map((entry) => [entry.isNext, entry.isLast, entry.isDone])).toEqual([[true, false, true]]);
    const pastOnly = buildTimeline({ history: [visit(1, '2025-05-01', 5000)] });
    expect(pastOnly.map((entry) => [entry.isNext, entry.isLast, entry.isDone])).toEqual([[false, true, false]]);
  });

  it('reads a point without estimate as having no date or prices, and skips null points', () => {
    const timeline = buildTimeline({ maintEstimate: [{ maintRecordId: 'e', mileage: 20000, pointEnum: 'MAINT_ESTIMATE', estimate: null }, null as unknown as MaintenancePoint] });
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({ date: null, s4Price: null, zxcPrice: null, descList: [], isNext: true });
  });

  it('accepts numbers sent as text, part objects, and ignores blank names and bad values', () => {
    const [entry] = buildTimeline({
      maintEstimate: [{
        maintRecordId: 7,
        estimate: { date: '2026-04-01T00:00:00.000Z', s4Price: '1280.5', zxcPrice: 'n/a' },
        mileage: '45000',
        maintMileage: '',
        partList: ['机油', { name: '机滤' }, { partName: '空滤' }, { itemName: ' ' }, null, '  '],
      }],
    });
    expect(entry).toMatchObject({ id: '7', date: '2026-04-01', mileage: 45000, s4Price: 1280.5, zxcPrice: null, maintMileage: null, descList: ['机油', '机滤', '空滤'] });
  });

  it('invents ids for points without maintRecordId and keeps every id unique', () => {
    const timeline = buildTimeline({
      history: [visit(5, '2025-01-01', 10000), { ...visit(0, '2025-02-01', 11000), maintRecordId: null }],
      partReplaceAlert: [{ ...alert('x', '2026-01-01', 20000), maintRecordId: 5 }, { ...alert('y', '2026-01-02', 20001), maintRecordId: undefined }],
    });
    const all = timeline.map((entry) => entry.id);
    expect(new Set(all).size).toBe(4);
    expect(all).toEqual(expect.arrayContaining(['5', 'history-1', 'partReplaceAlert-5', 'partReplaceAlert-1']));
  });

  it('does not change its input', () => {
    const points = { history: [visit(1, '2025-01-01', 10000)], maintEstimate: [estimate('e', '2026-01-01', 17000)] };
    const copy = structuredClone(points);
    buildTimeline(points);
    expect(points).toEqual(copy);
  });
});

describe('buildTimeline: equal mileages', () => {
  it('puts the future above the past at the same mileage', () => {
    expect(ids({ history: [visit(1, '2025-01-01', 30000)], partReplaceAlert: [alert('a', '2026-01-01', 30000)] })).toEqual(['a', '1']);
  });

  it('puts the newer above the older at the same mileage, then keeps input order', () => {
    expect(ids({ history: [visit(1, '2025-01-01', 30000), visit(2, '2025-03-01', 30000)] })).toEqual(['2', '1']);
    expect(ids({ history: [visit(1, '2025-01-01', 30000), visit(2, '2025-01-01', 30000)] })).toEqual(['1', '2']);
    expect(ids({ maintEstimate: [estimate('b', '2026-06-01', 40000), estimate('a', '2026-02-01', 40000)] })).toEqual(['b', 'a']);
  });
});

describe('buildTimeline: records without mileage', () => {
  it('keeps them, with mileage null, placed just above the record dated on or before them', () => {
    const timeline = buildTimeline({ history: [visit(1, '2024-01-01', 20000), visit(2, '2024-06-01', null), visit(3, '2025-01-01', 30000)] });
    expect(timeline.map((entry) => entry.id)).toEqual(['3', '2', '1']);
    expect(timeline[1].mileage).toBeNull();
  });

  it('puts a past record older than every known mileage at the bottom', () => {
    expect(ids({ history: [visit(1, '2023-01-01', null), visit(2, '2024-01-01', 20000), visit(3, null, null)] })).toEqual(['2', '1', '3']);
  });

  it('puts a future record without mileage or anchor just above the past', () => {
    expect(ids({
      history: [visit(1, '2025-01-01', 20000)],
      maintEstimate: [estimate('far', '2026-09-01', 35000), estimate('blank', null, null)],
    })).toEqual(['far', 'blank', '1']);
  });

  it('places a future record without mileage by its due date among the estimates', () => {
    expect(ids({
      maintEstimate: [estimate('e1', '2026-02-01', 25000), estimate('e2', '2026-08-01', 32000), estimate('mid', '2026-05-01', null)],
    })).toEqual(['e2', 'mid', 'e1']);
  });
});

describe('savingOf', () => {
  it('answers the 4S price minus ours, or null when one is missing', () => {
    expect(savingOf({ s4Price: 980, zxcPrice: 520.4 })).toBe(459.6);
    expect(savingOf({ s4Price: null, zxcPrice: 520 })).toBeNull();
    expect(savingOf({ s4Price: 980, zxcPrice: null })).toBeNull();
  });
});
