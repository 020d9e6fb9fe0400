import { useSyncExternalStore } from 'react';

/**
 * Phone width (and the WeCom sidebar): the menu becomes a drawer behind a button, the top bar shows
 * icons, and the tab bar is left out — on a 360–412 px screen it would cost a row and show one tab.
 * The same width as the `@media` rules in styles.css.
 */
export const NARROW_QUERY = '(max-width: 768px)';

const query = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;

function subscribe(onChange: () => void) {
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => query?.matches ?? false, () => false);
}
