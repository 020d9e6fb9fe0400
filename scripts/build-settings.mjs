// The build settings every bundle reads from ONE place: the rollup widget builds (main and
// standalone), the Vite host app, and scripts/build.mjs. Values baked into the code are the
// `__GARAGE_*__` constants of widgets/core/build-constants.ts; the server reads the same variables
// at run time (server/src/config.ts), so `GARAGE_CIPHER_KEY=… npm run build` and
// `GARAGE_CIPHER_KEY=… npm start` agree.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** = widgets/core/crypto/key.ts (checked by widgets/core/build-constants.test.ts). */
export const DEFAULT_CIPHER_KEY = 'GarageSuite#2026';

/** Answers the key, or throws saying what is wrong with it (AES takes 16, 24 or 32 bytes). */
export function cipherKeyFrom(env = process.env) {
  const cipherKey = env.GARAGE_CIPHER_KEY || DEFAULT_CIPHER_KEY;
  if (![16, 24, 32].includes(cipherKey.length) || !/^[\x20-\x7e]+$/.test(cipherKey)) {
    throw new Error(`GARAGE_CIPHER_KEY 必须是 16、24 或 32 个 ASCII 字符 (must be 16, 24 or 32 ASCII characters), got ${cipherKey.length}`);
  }
  return cipherKey;
}

/** Where the build writes (and the server serves): DIST_DIR, default dist/. */
export function distDirFrom(env = process.env) {
  return path.resolve(env.DIST_DIR || path.join(root, 'dist'));
}

/** The constants as source text, for rollup's `replace` and Vite's `define`. */
export function buildConstants(env = process.env) {
  return {
    __GARAGE_CIPHER_KEY__: JSON.stringify(cipherKeyFrom(env)),
    __GARAGE_OLD_SITE_URL__: JSON.stringify(env.OLD_SITE_URL ?? ''),
  };
}

/**
 * React → preact/compat for every bundle we ship (widget builds and the host app): the same
 * components on ~10 KB gzip of runtime instead of React's ~60 KB (docs/DECISIONS.md, "One runtime").
 * Storybook and the unit tests keep React.
 */
export const PREACT_ALIASES = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};
