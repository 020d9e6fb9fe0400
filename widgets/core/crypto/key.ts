/** Documented development default; production sets GARAGE_CIPHER_KEY at build and on the server. */
export { DEFAULT_CIPHER_KEY } from '../../../contracts/cipher';
