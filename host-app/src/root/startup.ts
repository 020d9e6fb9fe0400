import { bootstrap, loadingState } from '../core';

/**
 * The token whose startup already ran in this page, so navigation and re-renders do not repeat it.
 * The login widget runs startup itself right after login and says so with `garage-logged-in`;
 * main.tsx imports this module first, so a login on the router-less /login counts too.
 */
export const startup = { token: '' };

/**
 * Startup under the loading mask (spec 2: root view), which RootView draws while
 * `loadingState.visible`: it closes LOADING_CLOSE_DELAY_MS after startup ends (spec 9).
 * bootstrap() waits its 100 ms and swallows failures itself (spec: startup).
 */
export function startUnderMask(token: string, path: string): Promise<void> {
  startup.token = token;
  loadingState.open();
  return bootstrap({ path }).finally(() => loadingState.close());
}

document.addEventListener('garage-logged-in', (event) => {
  const token = (event as CustomEvent<{ token?: string }>).detail?.token;
  if (token) startup.token = token;
});
