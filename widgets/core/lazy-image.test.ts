// @vitest-environment happy-dom
/**
 * The lazy image loader's four constants (spec 9), each through what it does: the loads an image
 * costs, when it starts, how often a scroll is looked at, what is remembered. Images are fetched by
 * an injected stand-in and time is faked: nothing waits for real.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createImageLoader, LAZY_IMAGE, type FetchImage, type ImageState } from './lazy-image';

/** An element whose box is `top` px down the page (100 × 100). */
function pictureAt(top: number, left = 0): HTMLElement {
  const element = document.createElement('span');
  element.getBoundingClientRect = () => ({ top, bottom: top + 100, left, right: left + 100, width: 100, height: 100, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
  document.body.append(element);
  return element;
}

/** The states one picture went through. */
function heard() {
  const states: ImageState[] = [];
  return { states, onState: (state: ImageState) => states.push(state) };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  document.body.innerHTML = '';
});
afterEach(() => vi.useRealTimers());

describe('lazy images (spec 9)', () => {
  it('loads an image at most 3 times: a third try that works shows it, three failures give up', async () => {
    expect(LAZY_IMAGE.attempts).toBe(3);
    let failuresLeft = 2;
    const flaky = vi.fn<FetchImage>(async () => {
      if (failuresLeft-- > 0) throw new Error('connection reset');
    });
    const shown = heard();
    createImageLoader(flaky).watch(pictureAt(0), '/avatar/1.png', shown.onState);
    await settle();
    expect(flaky).toHaveBeenCalledTimes(3);
    expect(shown.states).toEqual(['waiting', 'loading', 'loaded']);

    const broken = vi.fn<FetchImage>(async () => {
      throw new Error('404');
    });
    const given = heard();
    createImageLoader(broken).watch(pictureAt(0), '/avatar/gone.png', given.onState);
    await settle();
    expect(broken).toHaveBeenCalledTimes(3);
    expect(given.states).toEqual(['waiting', 'loading', 'failed']);
  });

  it('starts loading within 1.3 viewports, not further', async () => {
    expect(LAZY_IMAGE.preload).toBe(1.3);
    const fetched = vi.fn<FetchImage>(async () => undefined);
    const loader = createImageLoader(fetched);
    const edge = window.innerHeight * 1.3;
    loader.watch(pictureAt(edge - 1), '/near.png', () => undefined);
    loader.watch(pictureAt(edge + 1), '/far.png', () => undefined);
    loader.watch(pictureAt(0, window.innerWidth * 1.3 + 1), '/beside.png', () => undefined);
    await vi.advanceTimersByTimeAsync(LAZY_IMAGE.throttleMs);
    expect(fetched.mock.calls.map(([src]) => src)).toEqual(['/near.png']);
  });

  it('looks at the page at most once per 200 ms while it scrolls, and does not miss the last scroll', async () => {
    expect(LAZY_IMAGE.throttleMs).toBe(200);
    const fetched = vi.fn<FetchImage>(async () => undefined);
    let top = 5000;
    const picture = pictureAt(0);
    picture.getBoundingClientRect = () => ({ top, bottom: top + 100, left: 0, right: 100, width: 100, height: 100, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;
    createImageLoader(fetched).watch(picture, '/lower.png', () => undefined);
    // The look at watch time opened a 200 ms window; a scroll inside it waits for its end.
    top = 100;
    window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(LAZY_IMAGE.throttleMs - 1);
    expect(fetched).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('remembers the last 200 images that loaded: they show at once anywhere, the oldest forgotten first', async () => {
    expect(LAZY_IMAGE.cacheSize).toBe(200);
    const fetched = vi.fn<FetchImage>(async () => undefined);
    const loader = createImageLoader(fetched);
    for (let index = 0; index <= 200; index += 1) {
      loader.watch(pictureAt(0), `/qr/${index}.svg`, () => undefined);
      await vi.advanceTimersByTimeAsync(LAZY_IMAGE.throttleMs);
    }
    expect(fetched).toHaveBeenCalledTimes(201);
    // Far below the view, a remembered one shows at once without a load; the 201st ago loads again.
    const remembered = heard();
    loader.watch(pictureAt(99_999), '/qr/200.svg', remembered.onState);
    expect(remembered.states).toEqual(['loaded']);
    expect(loader.cached('/qr/1.svg')).toBe(true);
    expect(loader.cached('/qr/0.svg')).toBe(false);
    loader.watch(pictureAt(0), '/qr/0.svg', () => undefined);
    await vi.advanceTimersByTimeAsync(LAZY_IMAGE.throttleMs);
    expect(fetched).toHaveBeenCalledTimes(202);
  });

  it('does not load a hidden picture until it shows', async () => {
    const fetched = vi.fn<FetchImage>(async () => undefined);
    const hidden = document.createElement('span');
    document.body.append(hidden);
    createImageLoader(fetched).watch(hidden, '/hidden.png', () => undefined);
    await vi.advanceTimersByTimeAsync(LAZY_IMAGE.throttleMs);
    expect(fetched).not.toHaveBeenCalled();
  });
});

describe('one loader for every image', () => {
  it('is the only way widgets and the host app show a picture (<LazyImage>, ui/lazy-image.tsx)', () => {
    const root = path.resolve(import.meta.dirname, '..', '..');
    const sources = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
        return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
      });
    const drawsItsOwn = [...sources(path.join(root, 'widgets')), ...sources(path.join(root, 'host-app', 'src'))]
      .filter((file) => !/core[\\/](ui[\\/])?lazy-image\.tsx?$/.test(file))
      .filter((file) => /<img[\s>]|createElement\(['"]img['"]\)|new Image\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(drawsItsOwn).toEqual([]);
  });
});
