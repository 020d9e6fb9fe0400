import { useEffect, useRef, useState, type ReactNode } from 'react';
import { imageLoader, type ImageState } from '../lazy-image';

/**
 * An image of the product, loaded by the page's one loader (../lazy-image.ts: near the view, three
 * attempts, the last 200 shown at once). Until then a placeholder of the same class (so the same
 * box; the core's base style makes it a block of colour); after three failed loads, `fallback`.
 * `alt` "" marks a decorative picture, hidden from screen readers like an <img alt="">.
 */
export function LazyImage({ src, alt, className, referrerPolicy, fallback }: {
  src: string;
  alt: string;
  className?: string;
  referrerPolicy?: ReferrerPolicy;
  fallback?: ReactNode;
}) {
  const placeholder = useRef<HTMLSpanElement>(null);
  const [heard, setHeard] = useState<{ src: string; state: ImageState } | null>(null);
  // A new address starts over (shown at once when it loaded lately).
  const state = heard?.src === src ? heard.state : imageLoader.cached(src) ? 'loaded' : 'waiting';
  useEffect(() => {
    const element = placeholder.current;
    if (!element) return;
    let current = true;
    const stop = imageLoader.watch(element, src, (next) => current && setHeard({ src, state: next }), referrerPolicy);
    return () => {
      current = false;
      stop();
    };
  }, [src, referrerPolicy]);

  if (state === 'loaded') return <img className={className} src={src} alt={alt} referrerPolicy={referrerPolicy} />;
  if (state === 'failed' && fallback !== undefined) return <>{fallback}</>;
  const named = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
  return <span ref={placeholder} className={className} data-image={state} {...named} />;
}
