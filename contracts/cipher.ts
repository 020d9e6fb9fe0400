/**
 * The answer envelope's key (docs/ARCHITECTURE.md, "Encryption"): GARAGE_CIPHER_KEY, 16, 24 or 32
 * printable ASCII characters, read by the server and baked into every bundle by the build. This
 * default is published, so production refuses to start with it (server/src/production.ts).
 */
export const DEFAULT_CIPHER_KEY = 'GarageSuite#2026';

export const isValidCipherKey = (key: string): boolean => [16, 24, 32].includes(key.length) && !/[^\x20-\x7e]/.test(key);
