/**
 * Recorded-style answers of 客户运营 (server/src/routes/customer-operations.ts) on top of the customer
 * fixture: the rules, a preview that moves with the draft thresholds like the demo chain's customers
 * would, and the task summary. A save answers the saved rules with the next version, not remembered.
 */
import { encryptText } from '../widgets/core/crypto/cipher';
import { DEFAULT_OPERATION_RULES, type CustomerOperationRules } from '../contracts/rules/customer-operations';
import { installCustomerFixture } from './customer-fixtures';

const RULES = { ...DEFAULT_OPERATION_RULES, version: 3, updatedAt: '2026-11-20T06:12:00.000Z', updatedBy: '陈总', editable: true };

/** About 3,000 customers spread over the last days like the demo chain's. */
function preview(rules: CustomerOperationRules) {
  const { newWithinDays, activeWithinDays, sleepingWithinDays } = rules.lifecycle;
  const within = (days: number) => Math.round(3000 * (1 - Math.exp(-days / 260)));
  const isNew = Math.round(within(newWithinDays) * 0.35);
  const active = within(activeWithinDays) - isNew;
  const sleeping = within(sleepingWithinDays) - within(activeWithinDays);
  return {
    today: '2026-11-24',
    stages: { new: isNew, active, sleeping, lost: 3000 - isNew - active - sleeping },
    reminders: {
      maintenance: 12 * rules.reminders.maintenance.daysBefore + Math.round(rules.reminders.maintenance.kmBefore / 40),
      insurance: 9 * rules.reminders.insurance.daysBefore,
      birthday: 7 * (rules.reminders.birthday.daysBefore + 1),
    },
  };
}

const TASKS = { open: { maintenance: 73, insurance: 282, birthday: 21 }, createdToday: { maintenance: 6, insurance: 11, birthday: 3 }, lastGeneratedAt: '2026-11-23T20:00:37.000Z' };

function answer(path: string, body: Record<string, unknown>, editable: boolean): unknown {
  switch (path) {
    case '/sys/permission/user':
      return editable ? [-1] : [6];
    case '/customerOperations/rules':
      return body.version === undefined ? { ...RULES, editable } : { ...RULES, ...body, version: Number(body.version) + 1, updatedAt: new Date().toISOString() };
    case '/customerOperations/preview':
      return preview(body as unknown as CustomerOperationRules);
    case '/customerOperations/tasks':
      return TASKS;
    case '/customerOperations/tasks/generate':
      return { today: '2026-11-24', created: { maintenance: 0, insurance: 2, birthday: 0 }, ...TASKS };
    default:
      return undefined;
  }
}

/** Installs the fixture (Storybook `beforeEach`); `editable: false` shows the page as staff see it. */
export function installCustomerOperationsFixture({ editable = true }: { editable?: boolean } = {}) {
  const restoreCustomers = installCustomerFixture();
  const customerFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    } catch {
      /* no body */
    }
    const data = url.pathname.startsWith('/api/') ? answer(url.pathname.slice(4), body, editable) : undefined;
    if (data === undefined) return customerFetch(input, init);
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = customerFetch;
    restoreCustomers();
  };
}
