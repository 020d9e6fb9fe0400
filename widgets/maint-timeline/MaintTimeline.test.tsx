// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, session } from '../core';
import type { MaintenancePoints } from './timeline';
import './index';

/** Waits for the element's render (its first render is a transition: slower on a busy machine). */
const rendered = (element: HTMLElement) => vi.waitFor(() => expect(element.shadowRoot?.firstElementChild).toBeTruthy());

const points: MaintenancePoints = {
  history: [
    { maintRecordId: 11, maintDate: '2024-03-01', mileage: 30000, pointEnum: 'MAINT_RECORD', partList: ['小保养（机油+机滤）'], estimate: { s4Price: 720, zxcPrice: 453 } },
    { maintRecordId: 12, maintDate: '2024-08-01', mileage: 35200, pointEnum: 'PART_REPLACE_RECORD', partList: ['更换前刹车片'], estimate: { s4Price: null, zxcPrice: 570 } },
    { maintRecordId: 13, maintDate: '2025-01-10', mileage: 38000, pointEnum: 'MAINT_RECORD', partList: ['小保养（机油+机滤）', '更换空调滤芯'], estimate: { s4Price: 890, zxcPrice: 561 } },
  ],
  partReplaceAlert: [{ maintRecordId: 'alert-TYRE', estimate: { date: '2099-05-01', s4Price: 2020, zxcPrice: 1260 }, mileage: 50000, pointEnum: 'PART_REPLACE_ALERT', partList: ['更换轮胎'] }],
  maintEstimate: [
    { maintRecordId: 'estimate-1', estimate: { date: '2099-03-01', s4Price: 720.5, zxcPrice: 453 }, mileage: 43000, maintMileage: 5000, pointEnum: 'MAINT_ESTIMATE', partList: ['小保养（机油+机滤）'] },
    { maintRecordId: 'estimate-2', estimate: { date: '2099-09-01', s4Price: 890, zxcPrice: 561 }, mileage: 48000, maintMileage: 5000, pointEnum: 'MAINT_ESTIMATE', partList: ['小保养（机油+机滤）', '更换空调滤芯'] },
  ],
};

async function mount(value: unknown): Promise<ShadowRoot> {
  const element = document.createElement('garage-maint-timeline') as HTMLElement & { points: unknown };
  document.body.append(element);
  element.points = value;
  await rendered(element);
  return element.shadowRoot!;
}

const entries = (root: ShadowRoot) => Array.from(root.querySelectorAll<HTMLElement>('[data-testid="timeline-entry"]'));
/** What a reader sees: the texts of the leaf elements, one space apart. */
const text = (node: Element | null | undefined): string =>
  node ? (node.children.length === 0 ? (node.textContent ?? '').trim() : Array.from(node.childNodes, (child) => (child instanceof Element ? text(child) : (child.textContent ?? '').trim())).filter(Boolean).join(' ')) : '';

beforeEach(() => {
  // Only Shoelace's icons are fetched here (points are given); answer them with an empty SVG.
  vi.stubGlobal('fetch', async () => new Response('<svg xmlns="http://www.w3.org/2000/svg"></svg>', { headers: { 'content-type': 'image/svg+xml' } }));
  logout();
  session.admin.value = false;
  document.body.innerHTML = '';
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('<garage-maint-timeline> with points', () => {
  it('draws the future above today and the past below, highest mileage first', async () => {
    const root = await mount(points);
    const order = Array.from(root.querySelectorAll('.timeline > li')).map((li) => li.getAttribute('data-entry-id') ?? 'now');
    expect(order).toEqual(['alert-TYRE', 'estimate-2', 'estimate-1', 'now', '13', '12', '11']);
  });

  it('highlights the next maintenance and marks the last one', async () => {
    const root = await mount(points);
    const next = root.querySelector('.entry.next');
    expect(next?.getAttribute('data-entry-id')).toBe('estimate-1');
    expect(text(next?.querySelector('[data-testid="next-badge"]'))).toBe('下次保养');
    expect(root.querySelector('.entry.last')?.getAttribute('data-entry-id')).toBe('13');
    expect(root.querySelectorAll('.entry.next')).toHaveLength(1);
  });

  it('tells repair from maintenance, and future from past, in words and in style', async () => {
    const root = await mount(points);
    const byId = (id: string) => root.querySelector(`[data-entry-id="${id}"]`)!;
    expect(byId('12').classList.contains('repair')).toBe(true);
    expect(text(byId('12').querySelector('.kind'))).toBe('维修');
    expect(text(byId('alert-TYRE').querySelector('.kind'))).toBe('更换提醒');
    expect(text(byId('estimate-2').querySelector('.kind'))).toBe('预计保养');
    expect(text(byId('11').querySelector('.kind'))).toBe('保养');
    expect(byId('11').classList.contains('maintenance')).toBe(true);
    expect(text(byId('estimate-1').querySelector('.mileage'))).toBe('约 43,000 公里');
    expect(text(byId('11').querySelector('.mileage'))).toBe('30,000 公里');
  });

  it('shows the 4S and our price side by side with the saving', async () => {
    const root = await mount(points);
    const next = root.querySelector('[data-entry-id="estimate-1"]')!;
    expect(text(next.querySelector('.price.s4'))).toBe('4S店参考价 ¥720.50');
    expect(text(next.querySelector('.price.ours'))).toBe('本店价格 ¥453.00');
    expect(text(next.querySelector('[data-testid="saving"]'))).toBe('为您节省 ¥267.50');
    const past = root.querySelector('[data-entry-id="13"]')!;
    expect(text(past.querySelector('.price.ours'))).toBe('本店实付 ¥561.00');
    expect(text(past.querySelector('[data-testid="saving"]'))).toBe('比4S店节省 ¥329.00');
  });

  it('hides every price when the garage turned prices off', async () => {
    session.isShowPrice.value = false;
    const root = await mount(points);
    expect(root.querySelectorAll('[data-testid="prices"]')).toHaveLength(0);
    expect(text(root.querySelector('.timeline'))).not.toContain('¥');
    session.isShowPrice.value = true;
    await vi.waitFor(() => expect(root.querySelectorAll('[data-testid="prices"]').length).toBeGreaterThan(0));
  });

  it('opens the item lists of the next and last maintenance and toggles the others', async () => {
    const root = await mount(points);
    const opened = () => Array.from(root.querySelectorAll('.item-list')).map((list) => list.closest('[data-entry-id]')!.getAttribute('data-entry-id'));
    // The lists open in an effect after the first render: on a busy machine that is after it.
    await vi.waitFor(() => expect(opened()).toEqual(['estimate-1', '13']));
    const toggle = root.querySelector<HTMLButtonElement>('[data-entry-id="estimate-2"] .items-toggle')!;
    expect(text(toggle)).toBe('保养项目 2 项');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.click();
    await vi.waitFor(() => expect(opened()).toEqual(['estimate-2', 'estimate-1', '13']));
    expect(text(root.querySelector('[data-entry-id="estimate-2"] .item-list'))).toBe('小保养（机油+机滤） 更换空调滤芯');
    toggle.click();
    await vi.waitFor(() => expect(opened()).toEqual(['estimate-1', '13']));
  });

  describe('at 07:30 in Beijing (23:30 UTC the day before), on a machine in UTC', () => {
    const machineZone = process.env.TZ;
    beforeEach(() => {
      process.env.TZ = 'UTC';
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T23:30:00Z') });
    });
    afterEach(() => {
      vi.useRealTimers();
      if (machineZone === undefined) delete process.env.TZ;
      else process.env.TZ = machineZone;
    });

    it('says how far away a due date is, and that an overdue one is due now', async () => {
      expect(new Date().getTimezoneOffset()).toBe(0);
      const due = (id: string, date: string, mileage: number) => ({ maintRecordId: id, estimate: { date }, mileage, pointEnum: 'MAINT_ESTIMATE' });
      const root = await mount({
        maintEstimate: [
          due('yesterday', '2026-11-22', 39500),
          due('today', '2026-11-23', 40000),
          due('tomorrow', '2026-11-24', 40500),
          due('soon', '2026-12-03', 41000),
          due('months', '2027-04-22', 45000),
          due('years', '2029-02-01', 60000),
        ],
      });
      const when = (id: string) => text(root.querySelector(`[data-entry-id="${id}"] .when`));
      expect(when('yesterday')).toBe('已到期，建议尽快到店');
      expect(when('today')).toBe('已到期，建议尽快到店');
      expect(when('tomorrow')).toBe('预计 2026-11-24 明天');
      expect(when('soon')).toBe('预计 2026-12-03 10 天后');
      expect(when('months')).toBe('预计 2027-04-22 约 5 个月后');
      expect(when('years')).toBe('预计 2029-02-01 约 2 年后');
    });

    it('puts a visit of this morning on today, and counts past visits from today', async () => {
      const root = await mount({
        history: [
          { maintRecordId: 1, maintDate: '2026-11-13', mileage: 39000, pointEnum: 'MAINT_RECORD', partList: ['更换空调滤芯'] },
          { maintRecordId: 2, maintDate: '2026-11-22T23:30:00.000Z', mileage: 40000, pointEnum: 'MAINT_RECORD', partList: ['小保养（机油+机滤）'] },
        ],
      });
      const when = (id: string) => text(root.querySelector(`[data-entry-id="${id}"] .when`));
      expect(when('2')).toBe('2026-11-23 今天');
      expect(when('1')).toBe('2026-11-13 10 天前');
    });
  });

  it('says so when there is nothing to show', async () => {
    const root = await mount({ history: [], partReplaceAlert: [], maintEstimate: [] });
    expect(text(root.querySelector('[data-testid="empty"]'))).toContain('暂无保养记录');
    expect(root.querySelector('.timeline')).toBeNull();
  });

  it('shows a long history five at a time, with the rest behind 「查看更早」', async () => {
    const history = Array.from({ length: 12 }, (_, index) => ({
      maintRecordId: index + 1,
      maintDate: `20${String(14 + index).padStart(2, '0')}-06-01`,
      mileage: 10000 * (index + 1),
      pointEnum: 'MAINT_RECORD',
      partList: ['小保养（机油+机滤）'],
    }));
    const root = await mount({ history });
    expect(entries(root)).toHaveLength(5);
    // Queried when clicked, as a user would: an early re-render may have replaced the first node.
    const more = () => root.querySelector<HTMLElement>('[data-testid="toggle-earlier"]')!;
    expect(text(more())).toBe('查看更早的 7 条记录');
    // The effect that opens the last maintenance also folds the earlier records away: a click
    // before it has run would be undone.
    await vi.waitFor(() => expect(root.querySelector('.entry.last .items-toggle')?.getAttribute('aria-expanded')).toBe('true'));
    more().click();
    await vi.waitFor(() => expect(entries(root)).toHaveLength(12));
    expect(text(root.querySelector('[data-testid="toggle-earlier"]'))).toBe('收起更早的记录');
  });

  it('accepts the endpoint’s whole answer and shows the vehicle, today’s mileage and km per day', async () => {
    const root = await mount({ vehicle: { id: 1, plate: '浙A12345', brand: '大众', series: '朗逸', model: '', customerName: '张伟' }, currentMileage: 39720, kmPerDay: 40, planName: '大众朗逸 保养手册', points });
    expect(text(root.querySelector('[data-testid="vehicle"]'))).toBe('浙A12345 · 大众 朗逸');
    expect(text(root.querySelector('[data-testid="now-marker"]'))).toBe('今天 当前约 39,720 公里');
    expect(text(root.querySelector('.facts'))).toContain('日均 40 公里');
    expect(text(root.querySelector('.facts'))).toContain('历史 3 次 · 待办 3 项');
  });
});

describe('<garage-maint-timeline> without points', () => {
  it('asks for a vehicle when it has neither points nor vehicle-id', async () => {
    const element = document.createElement('garage-maint-timeline');
    document.body.append(element);
    await vi.waitFor(() => expect(text(element.shadowRoot!.querySelector('.state'))).toBe('请选择车辆'));
  });

  it('asks to sign in, without calling the server, when a vehicle is given but nobody is signed in', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    });
    const element = document.createElement('garage-maint-timeline');
    element.setAttribute('vehicle-id', '12');
    document.body.append(element);
    await vi.waitFor(() => expect(text(element.shadowRoot!.querySelector('.signed-out__title'))).toBe('请先登录'));
    expect(calls.filter((url) => url.includes('/vehicle/'))).toEqual([]);
  });
});
