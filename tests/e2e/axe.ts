/**
 * axe-core in a page (open shadow roots included): the critical and serious violations, one readable
 * paragraph each, and the waits that let axe judge a page's settled content (a11y.test.ts, and the
 * every-route check of host-layout.test.ts).
 */
import { expect } from 'vitest';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

interface AxeNode { target: unknown[]; failureSummary?: string; html: string }
export interface AxeViolation { id: string; impact: string | null; help: string; helpUrl: string; nodes: AxeNode[] }

/** Loads axe into the page once. */
export async function withAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
}

/** Critical and serious violations on the page as it is now, one readable paragraph each. */
export async function seriousViolations(page: Page, where: string, within?: string[]): Promise<string[]> {
  // A list that is reloading is dimmed and says aria-busy; axe judges the settled page, not the fade.
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
  await withAxe(page);
  const violations = await page.evaluate(async (include) => {
    const { axe: runner } = window as unknown as { axe: { run(context: unknown, options: object): Promise<{ violations: unknown[] }> } };
    return (await runner.run(include ? { include: [include] } : document, { resultTypes: ['violations'] })).violations;
  }, within) as AxeViolation[];
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => [
      `${where} — [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
      ...violation.nodes.map((node) => `    at ${JSON.stringify(node.target)}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}\n      ${node.html.slice(0, 160)}`),
    ].join('\n'));
}

export function expectNoSeriousViolations(found: string[]) {
  // The joined text is the failure message: which rule, where, and what axe says to fix.
  expect(found.join('\n\n'), `${found.length} critical/serious axe violations`).toBe('');
}

/**
 * The customer list with its rows in and not dimmed: a reload dims the table (opacity 0.55, faded back
 * over 0.15 s), and axe blends that opacity into the text's colour and reports a contrast failure.
 */
export async function customerListSettled(page: Page) {
  const list = page.locator('garage-customer-list');
  await list.locator('.table-wrap[aria-busy="false"] tbody tr').first().waitFor({ timeout: 20_000 });
  await expect.poll(() => list.locator('table').evaluate((table) => getComputedStyle(table).opacity), { timeout: 20_000 }).toBe('1');
  return list;
}

/** Waits for what a page shows once its data is in, so axe sees the real content. */
export async function waitForContent(page: Page, routePath: string) {
  if (routePath === '/home/externalmanage') {
    await customerListSettled(page);
    return;
  }
  const ready: Record<string, string> = {
    '/home/clientskanban': 'garage-customer-board .stage-count',
    '/home/tagmanage': 'garage-tag-manage .tag-card',
    '/home/sms/clientGroup': 'garage-customer-groups article',
    '/home/organization/featureIntro': 'garage-feature-intro .go',
    '/home/organization/helpCenter': 'garage-help-center .entry',
  };
  const selector = ready[routePath];
  if (selector) await page.locator(selector).first().waitFor({ timeout: 20_000 });
}
