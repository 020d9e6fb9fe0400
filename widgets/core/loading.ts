/**
 * The page's loading state (spec 9: loading close delay 400 ms). Opens are counted, so overlapping
 * work keeps one mask, and `visible` turns false only 400 ms after the last close, so the mask does
 * not flicker between consecutive steps. It draws nothing: the host app draws its startup mask from
 * `visible` (host-app/src/root/RootView.tsx), and the full core's `loading` (ui/loading.ts) draws a
 * mask of its own for partner pages. Lean: no Shoelace, so /login's bundle may carry it.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import { shared } from './shared';

export const LOADING_CLOSE_DELAY_MS = 400;

const state = shared.loading;

export const loadingState: {
  open(): void;
  close(): void;
  readonly visible: ReadonlySignal<boolean>;
} = {
  open() {
    state.openCount += 1;
    if (state.closeTimer) clearTimeout(state.closeTimer);
    state.closeTimer = null;
    state.visible.value = true;
  },
  close() {
    if (state.openCount === 0) return;
    state.openCount -= 1;
    if (state.openCount > 0) return;
    if (state.closeTimer) clearTimeout(state.closeTimer);
    state.closeTimer = setTimeout(() => {
      state.closeTimer = null;
      state.visible.value = false;
    }, LOADING_CLOSE_DELAY_MS);
  },
  get visible() {
    return state.visible;
  },
};
