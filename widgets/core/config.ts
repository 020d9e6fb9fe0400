import { adoptStoredSession, shared } from './shared';
import { STORAGE_MODES, type StorageMode } from './storage';
import type { CoreConfig } from './types';

/** Page-wide, like the session: every bundle on the page sees the same configuration. */
export function configure(options: Partial<CoreConfig>): CoreConfig {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => typeof value === 'string'));
  if ('storage' in defined && !STORAGE_MODES.includes(defined.storage as StorageMode)) delete defined.storage;
  const modeChanged = 'storage' in defined && defined.storage !== shared.config.peek().storage;
  shared.config.value = { ...shared.config.value, ...defined };
  if (modeChanged) adoptStoredSession();
  return shared.config.value;
}

export function getConfig(): CoreConfig {
  return shared.config.value;
}
