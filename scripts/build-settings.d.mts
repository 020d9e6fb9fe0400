/** Types of scripts/build-settings.mjs for the TypeScript config and tests. */
export declare const DEFAULT_CIPHER_KEY: string;
export declare function cipherKeyFrom(env?: NodeJS.ProcessEnv): string;
export declare function distDirFrom(env?: NodeJS.ProcessEnv): string;
export declare function buildConstants(env?: NodeJS.ProcessEnv): { __GARAGE_CIPHER_KEY__: string; __GARAGE_OLD_SITE_URL__: string };
export declare const PREACT_ALIASES: Record<string, string>;
