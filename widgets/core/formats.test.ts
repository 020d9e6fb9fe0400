import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, addMonths, dayOf, daysBetween, inGarageZone, isDay, today } from '../../contracts/dates';
import {
  daysFromToday,
  fenFromYuan,
  formatDate,
  formatDateTime,
  formatDaysAway,
  formatKm,
  formatMinute,
  formatMoney,
  formatNumber,
  formatRelativeDay,
} from './formats';
import { shortTime } from '../sms-marketing/when';

/*
 * 2026-11-22T23:30:00Z is 07:30 on the 23rd in Beijing: before 08:00 the UTC day is still the
 * 22nd. The machine's own time zone must not matter, so each case runs with the process in UTC, in
 * a zone west of it and in Shanghai itself.
 */
const MACHINE_ZONES = [
  { zone: 'UTC', januaryOffset: 0 },
  { zone: 'America/Los_Angeles', januaryOffset: 480 },
  { zone: 'Asia/Shanghai', januaryOffset: -480 },
];
const machineZone = process.env.TZ;

function atBeijingMorning(zone: string, januaryOffset: number, now = '2026-11-22T23:30:00Z') {
  process.env.TZ = zone;
  // Proves the process really reckons in that zone (Node re-reads TZ when it is assigned).
  expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(januaryOffset);
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) });
}

afterEach(() => {
  vi.useRealTimers();
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

describe.each(MACHINE_ZONES)('business days with the machine in $zone', ({ zone, januaryOffset }) => {
  it('shows a visit at 07:30 Beijing time on its Beijing day', () => {
    atBeijingMorning(zone, januaryOffset);
    expect(formatDate('2026-11-22T23:30:00.000Z')).toBe('2026-11-23');
    expect(formatDateTime('2026-11-22T23:30:00.000Z')).toBe('2026-11-23 07:30:00');
    // Every page writes a moment one way (core/clock.ts), 短信营销's lean copy of the days included.
    expect(formatMinute('2026-11-22T23:30:00.000Z')).toBe('2026-11-23 07:30');
    expect(shortTime('2026-11-22T23:30:00.000Z')).toBe('11月23日 07:30');
    // Before 1992 the zone's own rules (China kept summer time 1986–1991).
    expect(formatDateTime('1990-06-01T00:00:00.000Z')).toBe('1990-06-01 09:00:00');
    expect(formatDate('2026-11-22T15:59:59.000Z')).toBe('2026-11-22');
    expect(formatDate('2026-11-22T16:00:00.000Z')).toBe('2026-11-23');
  });

  it('keeps a date column as it is', () => {
    atBeijingMorning(zone, januaryOffset);
    expect(['2026-11-23', '2026-02-29', '', null, undefined, 'soon'].map(formatDate)).toEqual(['2026-11-23', '', '', '', '', '']);
  });

  it('counts today from Beijing midnight, not from 08:00', () => {
    atBeijingMorning(zone, januaryOffset);
    expect(today()).toBe('2026-11-23');
    expect(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-26'].map(daysFromToday)).toEqual([-1, 0, 1, 3]);
    expect(formatRelativeDay('2026-11-23')).toBe('今天');
    expect(formatRelativeDay('2026-11-26')).toBe('3 天后');
    expect(formatRelativeDay('2026-11-22T23:30:00.000Z')).toBe('今天');
    expect(formatRelativeDay('2026-11-20')).toBe('3 天前');
  });

  it('turns the day at midnight in Beijing', () => {
    atBeijingMorning(zone, januaryOffset, '2026-11-23T15:59:59Z');
    expect(today()).toBe('2026-11-23');
    vi.setSystemTime(new Date('2026-11-23T16:00:00Z'));
    expect(today()).toBe('2026-11-24');
    expect(formatRelativeDay('2026-11-23')).toBe('1 天前');
  });
});

describe('days away', () => {
  it('says 今天, N 天后 or N 天前', () => {
    expect([0, 1, 30, -1, -12].map(formatDaysAway)).toEqual(['今天', '1 天后', '30 天后', '1 天前', '12 天前']);
  });
});

describe('day rules (contracts/dates.ts)', () => {
  it('tells a real calendar day from a look-alike', () => {
    expect(['2026-11-23', '2028-02-29', '0000-00-00', '2026-02-29', '2026-13-01', '2026-1-5', 20261123].map(isDay)).toEqual([
      true, true, false, false, false, false, false,
    ]);
  });

  it('counts days and adds days and months on the calendar', () => {
    expect(daysBetween('2026-11-23', '2026-12-25')).toBe(32);
    expect(daysBetween('2026-03-01', '2026-02-28')).toBe(-1);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('reckons in another garage time zone when told', () => {
    expect(today('Asia/Shanghai', '2026-11-22T23:30:00Z')).toBe('2026-11-23');
    expect(today('Europe/Berlin', '2026-11-22T23:30:00Z')).toBe('2026-11-23');
    expect(today('America/New_York', '2026-11-22T23:30:00Z')).toBe('2026-11-22');
    expect(dayOf('2026-11-22T23:30:00Z', 'America/New_York')).toBe('2026-11-22');
  });

  it('reckons Beijing days and clock times without ICU exactly as ICU does, and before 1992 with it', () => {
    const icuDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
    const icuClock = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    // Every midnight turn around now, around New Year 2000 and 2100, and a pseudo-random spread 1992–2100.
    const moments = [Date.parse('2026-11-23T16:00:00Z'), Date.parse('1999-12-31T16:00:00Z'), Date.parse('2099-12-31T16:00:00Z'), Date.UTC(1992, 0, 1)]
      .flatMap((turn) => [turn - 1, turn, turn + 1]);
    for (let i = 0; i < 2000; i += 1) moments.push(Date.UTC(1992, 0, 1) + ((i * 2_654_435_761) % 3_400_000_000) * 1000);
    for (const at of moments) {
      expect(today('Asia/Shanghai', at)).toBe(icuDay.format(at));
      expect(inGarageZone(at).format('YYYY-MM-DD, HH:mm:ss')).toBe(icuClock.format(at));
    }
    // 1991 had daylight saving in China (UTC+9 in summer): those moments still go through ICU.
    expect(inGarageZone('1991-07-01T15:30:00Z').format('YYYY-MM-DD HH:mm Z')).toBe('1991-07-02 00:30 +09:00');
    expect(dayOf('1991-07-01T15:30:00Z')).toBe('1991-07-02');
  });
});

describe('money and numbers', () => {
  it('shows integer fen as yuan with two decimals, the zh-CN way', () => {
    expect([123450, 0, 5, 100_000_000, -500].map(formatMoney)).toEqual(['¥1,234.50', '¥0.00', '¥0.05', '¥1,000,000.00', '-¥5.00']);
  });

  it('turns the yuan of an answer into fen without float drift', () => {
    expect([1234.5, 0.1 + 0.2, 19.99, 453].map(fenFromYuan)).toEqual([123450, 30, 1999, 45300]);
  });

  it('groups numbers and kilometres', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(35.25, 1)).toBe('35.3');
    expect(formatKm(35000.4)).toBe('35,000 公里');
  });
});
