import { useCallback, useSyncExternalStore } from 'react';
import type { ReadonlySignal } from '@preact/signals-core';

/**
 * Reads a signal in a React component and re-renders when it changes. It subscribes through the
 * signal's own `subscribe`, so it works whichever bundle's copy of signals-core created the signal
 * (auto-tracking of @preact/signals-react only sees its own copy).
 */
export function useValue<T>(source: ReadonlySignal<T>): T {
  const subscribe = useCallback((onChange: () => void) => source.subscribe(() => onChange()), [source]);
  const read = () => source.peek();
  return useSyncExternalStore(subscribe, read, read);
}
