/** Documented development default; production sets GARAGE_CIPHER_KEY at build and on the server. */
export const DEFAULT_CIPHER_KEY = 'GarageSuite#2026';
