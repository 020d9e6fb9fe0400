import { useEffect } from 'react';

/**
 * Keeps `--phone-dock-height` on the document at the docked phone bar's height: the page's strip for
 * it (styles.css, .phone-dock) grows when the bar unfolds or shows a notice and shrinks when it folds.
 */
export function usePhoneDockHeight(shown: boolean): void {
  useEffect(() => {
    const dock = shown ? document.querySelector<HTMLElement>('.phone-dock') : null;
    if (!dock || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--phone-dock-height', `${Math.ceil(dock.getBoundingClientRect().height)}px`));
    observer.observe(dock);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--phone-dock-height');
    };
  }, [shown]);
}
