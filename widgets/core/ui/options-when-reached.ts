import { useState } from 'react';

/**
 * A select's options are made when the select is first reached (pointer over it, pressed, focused)
 * or holds a value: each <sl-option> is a Lit element with its own shadow root and check icon, and
 * a page of many selects (客户列表's filters, 批量导入's column mapping) made every option of every
 * select although none was open.
 */
export function useOptionsWhenReached(hasValue: boolean) {
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  return [reached || hasValue, { onPointerEnter: reach, onPointerDown: reach, onFocus: reach }] as const;
}
