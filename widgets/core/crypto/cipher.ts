/**
 * The answer envelope cipher shared by the server (which encrypts) and the widgets (which decrypt).
 * Body = base64( 16 random IV bytes ‖ AES-CBC/PKCS#7 ciphertext of the JSON text ),
 * key = UTF-8 bytes of GARAGE_CIPHER_KEY (16, 24 or 32 ASCII characters).
 * This is obfuscation kept for compatibility with the spec's clients, not security: TLS is.
 */
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import Base64 from 'crypto-js/enc-base64';
import WordArray from 'crypto-js/lib-typedarrays';
import { DEFAULT_CIPHER_KEY } from './key';
import { isValidCipherKey } from '../../../contracts/cipher';
// crypto-js's AES defaults are CBC with PKCS#7 padding, exactly the envelope's mode.

export { DEFAULT_CIPHER_KEY };

const IV_BYTES = 16;

function keyWords(key: string) {
  if (!isValidCipherKey(key)) {
    throw new Error('GARAGE_CIPHER_KEY must be 16, 24 or 32 printable ASCII characters');
  }
  return Utf8.parse(key);
}

export function encryptText(plain: string, key: string = DEFAULT_CIPHER_KEY): string {
  const iv = WordArray.random(IV_BYTES);
  const encrypted = AES.encrypt(Utf8.parse(plain), keyWords(key), { iv });
  return Base64.stringify(iv.clone().concat(encrypted.ciphertext));
}

/** Throws when the body is not a ciphertext made with this key (the caller keeps the raw body then). */
export function decryptText(body: string, key: string = DEFAULT_CIPHER_KEY): string {
  const all = Base64.parse(body.trim());
  if (all.sigBytes <= IV_BYTES || (all.sigBytes - IV_BYTES) % 16 !== 0) throw new Error('not a ciphertext');
  const words = all.words;
  const iv = WordArray.create(words.slice(0, IV_BYTES / 4), IV_BYTES);
  const ciphertext = WordArray.create(words.slice(IV_BYTES / 4), all.sigBytes - IV_BYTES);
  const decrypted = AES.decrypt({ ciphertext } as Parameters<typeof AES.decrypt>[0], keyWords(key), { iv });
  const text = Utf8.stringify(decrypted); // throws "Malformed UTF-8 data" on a wrong key
  if (!text) throw new Error('empty plaintext');
  return text;
}
