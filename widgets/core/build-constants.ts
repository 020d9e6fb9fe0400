/**
 * Values baked in by every build (rollup `replace`, Vite `define`; both from
 * scripts/build-settings.mjs). Storybook and vitest do not define them, hence the `typeof` guards:
 * the same source runs unbuilt with the documented defaults.
 */
import { DEFAULT_CIPHER_KEY } from './crypto/key';

declare const __GARAGE_CIPHER_KEY__: string;
declare const __GARAGE_OLD_SITE_URL__: string;
declare const __GARAGE_BUNDLED__: boolean;

export const BUILD_CIPHER_KEY: string =
  typeof __GARAGE_CIPHER_KEY__ === 'string' && __GARAGE_CIPHER_KEY__ ? __GARAGE_CIPHER_KEY__ : DEFAULT_CIPHER_KEY;

export const BUILD_OLD_SITE_URL: string =
  typeof __GARAGE_OLD_SITE_URL__ === 'string' && __GARAGE_OLD_SITE_URL__ ? __GARAGE_OLD_SITE_URL__ : '/legacy/layout/home';

/** True inside dist/ bundles, where the core chunk sits in dist/widgets/chunks/. */
export const IS_BUNDLED: boolean = typeof __GARAGE_BUNDLED__ === 'boolean' && __GARAGE_BUNDLED__;
