/**
 * The envelope cipher on the server: the format of widgets/core/crypto/cipher.ts (base64 of 16
 * random IV bytes ‖ AES-CBC/PKCS#7 ciphertext, key = UTF-8 bytes of GARAGE_CIPHER_KEY) through
 * Node's native AES. crypto-js took ~0.4 ms per 3 KB answer, a fifth of a customer-list request's
 * own time; this takes ~0.02 ms. cipher.test.ts checks both directions against the widgets' module.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 16;

function algorithmFor(key: Buffer): string {
  if (![16, 24, 32].includes(key.length)) throw new Error('GARAGE_CIPHER_KEY must be 16, 24 or 32 ASCII characters');
  return `aes-${key.length * 8}-cbc`;
}

export function encryptText(plain: string, key: string): string {
  const keyBytes = Buffer.from(key, 'utf8');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(algorithmFor(keyBytes), keyBytes, iv);
  return Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

export function decryptText(body: string, key: string): string {
  const keyBytes = Buffer.from(key, 'utf8');
  const all = Buffer.from(body.trim(), 'base64');
  if (all.length <= IV_BYTES || (all.length - IV_BYTES) % 16 !== 0) throw new Error('not a ciphertext');
  const decipher = createDecipheriv(algorithmFor(keyBytes), keyBytes, all.subarray(0, IV_BYTES));
  return Buffer.concat([decipher.update(all.subarray(IV_BYTES)), decipher.final()]).toString('utf8');
}
