// @vitest-environment happy-dom
/**
 * <garage-version-notice> (spec 9): version.json is read every 5 s; once a newer release is out,
 * the page reloads itself after a 100 s countdown. Time and version.json are faked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stored } from '../core/base';
import { DEFAULT_COUNTDOWN_SECONDS, DEFAULT_POLL_SECONDS } from './version';
import './index';

/**
 * Lets the page's real work run (React renders, fetch answers) without moving the faked clock,
 * until `done`: each faked second then starts once the notice has drawn the previous one.
 */
const turn = globalThis.setImmediate;
async function until(done: () => boolean) {
  for (let turns = 0; !done(); turns += 1) {
    if (turns > 10_000) throw new Error('the notice never got there');
    await new Promise((resolve) => turn(resolve));
  }
}

const RUNNING = 1_767_225_600_000;

/** version.json answering `release`; `readAt` holds the (faked) time of each read. */
function versionFile(release: () => number) {
  const readAt: number[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    readAt.push(Date.now());
    return new Response(JSON.stringify({ VERSION_TIME: release() }), { status: 200 });
  });
  return readAt;
}

/** Places the notice and waits for its first read of version.json. */
async function place(readAt: number[]) {
  document.body.innerHTML = '<garage-version-notice></garage-version-notice>';
  await until(() => readAt.length > 0);
  return document.querySelector('garage-version-notice')!.shadowRoot!;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  localStorage.clear();
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('<garage-version-notice>', () => {
  it('reads version.json when placed and then every 5 s, adopting the running version silently', async () => {
    expect(DEFAULT_POLL_SECONDS).toBe(5);
    const readAt = versionFile(() => RUNNING);
    const root = await place(readAt);
    for (const reads of [2, 3, 4]) {
      await vi.advanceTimersByTimeAsync(4_999);
      expect(readAt).toHaveLength(reads - 1);
      await vi.advanceTimersByTimeAsync(1);
      await until(() => readAt.length === reads);
    }
    expect(readAt.slice(1).map((time, index) => time - readAt[index])).toEqual([5_000, 5_000, 5_000]);
    expect(String(stored.version.read())).toBe(String(RUNNING));
    expect(root.querySelector('[role="dialog"]')).toBeNull();
  });

  it('once a newer release is out, counts down 100 s and reloads the page', async () => {
    expect(DEFAULT_COUNTDOWN_SECONDS).toBe(100);
    stored.version.write(RUNNING);
    let release = RUNNING;
    const readAt = versionFile(() => release);
    let reloadedAt = 0;
    vi.spyOn(window.location, 'reload').mockImplementation(() => (reloadedAt = Date.now()));
    const root = await place(readAt);
    release = RUNNING + 60_000;
    await vi.advanceTimersByTimeAsync(DEFAULT_POLL_SECONDS * 1000);
    const countdown = () => root.querySelector('[role="timer"]')?.textContent;
    await until(() => countdown() === '1分40秒后自动刷新');
    const foundAt = Date.now();
    for (let left = 99; left >= 1; left -= 1) {
      await vi.advanceTimersByTimeAsync(1_000);
      await until(() => countdown() === `${left > 60 ? `1分${String(left - 60).padStart(2, '0')}` : left}秒后自动刷新`);
    }
    expect(reloadedAt).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    await until(() => reloadedAt > 0);
    expect(reloadedAt - foundAt).toBe(100_000);
    expect(String(stored.version.read())).toBe(String(RUNNING + 60_000));
  });
});
