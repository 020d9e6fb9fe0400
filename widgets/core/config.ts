import { shared } from './shared';
import type { CoreConfig } from './types';

/** Page-wide, like the session: every bundle on the page sees the same configuration. */
export function configure(options: Partial<CoreConfig>): CoreConfig {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => typeof value === 'string'));
  shared.config.value = { ...shared.config.value, ...defined };
  return shared.config.value;
}

export function getConfig(): CoreConfig {
  return shared.config.value;
}
