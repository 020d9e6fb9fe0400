// @vitest-environment happy-dom
/**
 * Toasts (spec 9): each shows for 3000 ms, then closes; the stack sits 16 px from the top of the
 * page and toasts 16 px apart. Time is faked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../testing/dom';
import { toast, TOAST_STACK_ID } from './toast';

afterEach(() => {
  vi.useRealTimers();
  clearToasts();
});

const alerts = () => [...(document.getElementById(TOAST_STACK_ID)?.shadowRoot?.querySelectorAll('sl-alert') ?? [])] as (HTMLElement & { open: boolean })[];

describe('toasts', () => {
  it('stay 3000 ms, then close', async () => {
    await import('./toast-view');
    await customElements.whenDefined('sl-alert');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    toast.success('保存成功');
    const [shown] = alerts();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(shown.open).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown.open).toBe(false);
  });

  it('sit 16 px below the top of the page and 16 px apart', () => {
    toast.info('已复制');
    toast.warning('余额不足');
    const stack = document.getElementById(TOAST_STACK_ID)!.shadowRoot!.querySelector<HTMLElement>('.stack')!;
    const style = getComputedStyle(stack);
    expect(style.position).toBe('fixed');
    expect(style.top).toBe('16px');
    expect(style.rowGap || style.gap).toBe('16px');
  });
});
