import { useState } from 'react';

/**
 * A dropdown's items are drawn once the user reaches for its trigger (hover, focus, press), not in
 * the first paint: the top bar's three menus were ~15 items and ~20 icons in every page's first
 * long task, for menus most visits never open.
 */
export function useArmedMenu() {
  const [armed, setArmed] = useState(false);
  const arm = () => setArmed(true);
  return { armed, arm, triggerProps: { onPointerEnter: arm, onPointerDown: arm, onFocus: arm } };
}
