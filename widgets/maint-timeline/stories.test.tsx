// @vitest-environment happy-dom
/** The Storybook stories' recorded answers, drawn by the element: what each story promises shows. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoot } from 'react-dom/client';
import { act } from 'react';
import meta, { Empty, Long, PricesHidden, Short } from '../../stories/maint-timeline.stories';

async function renderStory(story: { args?: object }): Promise<ShadowRoot> {
  const args = { ...meta.args, ...story.args } as Parameters<NonNullable<typeof meta.render>>[0];
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    createRoot(container).render(meta.render!(args, {} as never) as React.ReactElement);
  });
  // The element's first render is a transition: slower on a busy machine.
  const element = container.querySelector('garage-maint-timeline')!;
  await vi.waitFor(() => expect(element.shadowRoot?.firstElementChild).toBeTruthy());
  return element.shadowRoot!;
}

beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response('<svg xmlns="http://www.w3.org/2000/svg"></svg>', { headers: { 'content-type': 'image/svg+xml' } }));
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('maint-timeline stories', () => {
  it('Empty shows the empty state', async () => {
    const root = await renderStory(Empty);
    expect(root.querySelector('[data-testid="empty"]')?.textContent).toContain('暂无保养记录');
  });

  it('Short shows the overdue brake pads, the highlighted next visit and prices', async () => {
    const root = await renderStory(Short);
    expect(root.querySelectorAll('[data-testid="next-badge"]')).toHaveLength(1);
    expect(root.querySelector('[data-entry-id="alert-BRAKE_PAD_FRONT"] [data-testid="overdue"]')).not.toBeNull();
    expect(root.querySelectorAll('[data-testid="prices"]').length).toBe(6);
  });

  it('Long shows the five latest visits and keeps nine behind 「查看更早」', async () => {
    const root = await renderStory(Long);
    expect(root.querySelectorAll('.entry.past')).toHaveLength(5);
    expect(root.querySelector('[data-testid="toggle-earlier"]')?.textContent).toContain('查看更早的 9 条记录');
  });

  it('PricesHidden shows no price', async () => {
    const root = await renderStory(PricesHidden);
    expect(root.querySelectorAll('[data-testid="timeline-entry"]').length).toBeGreaterThan(0);
    expect(root.querySelectorAll('[data-testid="prices"]')).toHaveLength(0);
  });
});
