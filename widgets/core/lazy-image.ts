/**
 * Lazy images (spec 9: 3 attempts, preload 1.3, throttle 200 ms, cache of 200): every image the
 * product shows (a WeCom avatar, the payment QR code, …) is loaded through this one loader, drawn
 * by `<LazyImage>` (ui/lazy-image.tsx).
 *
 * - preload 1.3: an image starts loading once it is within 1.3 viewports (its top above 1.3 × the
 *   window's height, its left before 1.3 × its width), not only once it shows;
 * - throttle 200 ms: scrolling, resizing and the IntersectionObserver ask for a check; one check
 *   runs at once, then at most one more per 200 ms however often they ask;
 * - 3 attempts: a failed load is tried again at once, up to 3 loads in all, then it has failed
 *   (the picture's fallback shows);
 * - cache of 200: the last 200 addresses that loaded show at once wherever they appear again
 *   (no waiting for the view), the least recently shown forgotten first.
 */
export const LAZY_IMAGE = { attempts: 3, preload: 1.3, throttleMs: 200, cacheSize: 200 } as const;

export type ImageState = 'waiting' | 'loading' | 'loaded' | 'failed';

/** Fetches one image: resolves once the browser has it (then an <img> of it shows at once), rejects when it cannot. */
export type FetchImage = (src: string, referrerPolicy: ReferrerPolicy) => Promise<void>;

const fetchWithImage: FetchImage = (src, referrerPolicy) =>
  new Promise((resolve, reject) => {
    const image = new Image();
    // The same policy as the <img> that shows it: WeCom's avatar server refuses other sites' referrers.
    image.referrerPolicy = referrerPolicy;
    image.onload = () => resolve();
    image.onerror = () => reject(new Error(src));
    image.src = src;
  });

interface Watched {
  src: string;
  referrerPolicy: ReferrerPolicy;
  onState(state: ImageState): void;
}

export interface ImageLoader {
  /** Whether `src` loaded lately (among the last 200): it shows at once. */
  cached(src: string): boolean;
  /** Loads `src` for `element` once the element is near the view; `onState` hears each step. Answers a stop. */
  watch(element: Element, src: string, onState: (state: ImageState) => void, referrerPolicy?: ReferrerPolicy): () => void;
}

export function createImageLoader(fetchImage: FetchImage = fetchWithImage): ImageLoader {
  const loaded = new Map<string, true>();
  const watched = new Map<Element, Watched>();
  let throttled = false;
  let askedMeanwhile = false;
  let observer: IntersectionObserver | null = null;

  function remember(src: string) {
    loaded.delete(src);
    loaded.set(src, true);
    if (loaded.size > LAZY_IMAGE.cacheSize) loaded.delete(loaded.keys().next().value!);
  }

  function nearView(element: Element): boolean {
    const box = element.getBoundingClientRect();
    const { innerHeight, innerWidth } = window;
    // A hidden element has an empty box at 0,0: not near anything until it shows.
    if (box.width === 0 && box.height === 0) return false;
    return box.top < innerHeight * LAZY_IMAGE.preload && box.bottom > 0 && box.left < innerWidth * LAZY_IMAGE.preload && box.right > 0;
  }

  async function load({ src, referrerPolicy, onState }: Watched) {
    onState('loading');
    for (let attempt = 1; attempt <= LAZY_IMAGE.attempts; attempt += 1) {
      try {
        await fetchImage(src, referrerPolicy);
        remember(src);
        onState('loaded');
        return;
      } catch {
        // Tried again at once: a dropped connection, a busy image server.
      }
    }
    onState('failed');
  }

  function check() {
    for (const [element, image] of watched) {
      if (!nearView(element)) continue;
      forget(element);
      void load(image);
    }
  }

  /** A check now, then at most one more per LAZY_IMAGE.throttleMs: the last ask of a burst is not lost. */
  function askForCheck() {
    if (throttled) {
      askedMeanwhile = true;
      return;
    }
    check();
    throttled = true;
    setTimeout(() => {
      throttled = false;
      if (!askedMeanwhile) return;
      askedMeanwhile = false;
      askForCheck();
    }, LAZY_IMAGE.throttleMs);
  }

  // Capture: scrolling any scrolled box of the page, not only the window. Inside a shadow root a
  // box's scroll stays there; the IntersectionObserver, whose margin is the preload, sees those.
  const scrolling: AddEventListenerOptions = { capture: true, passive: true };
  const beyond = `${Math.round((LAZY_IMAGE.preload - 1) * 100)}%`;

  function startListening() {
    window.addEventListener('scroll', askForCheck, scrolling);
    window.addEventListener('resize', askForCheck);
    if (typeof IntersectionObserver === 'function') observer = new IntersectionObserver(() => askForCheck(), { rootMargin: `0px ${beyond} ${beyond} 0px` });
  }

  function stopListening() {
    window.removeEventListener('scroll', askForCheck, scrolling);
    window.removeEventListener('resize', askForCheck);
    observer?.disconnect();
    observer = null;
  }

  function forget(element: Element) {
    if (!watched.delete(element)) return;
    observer?.unobserve(element);
    if (watched.size === 0) stopListening();
  }

  return {
    cached: (src) => loaded.has(src),
    watch(element, src, onState, referrerPolicy = 'strict-origin-when-cross-origin') {
      if (loaded.has(src)) {
        remember(src);
        onState('loaded');
        return () => undefined;
      }
      onState('waiting');
      if (watched.size === 0) startListening();
      watched.set(element, { src, referrerPolicy, onState });
      observer?.observe(element);
      askForCheck();
      return () => forget(element);
    },
  };
}

/** The page's loader: one cache for every picture of this bundle. */
export const imageLoader: ImageLoader = createImageLoader();
