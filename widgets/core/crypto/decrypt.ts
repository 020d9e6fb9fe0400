/**
 * Decrypts answer bodies for the HTTP client (format in cipher.ts) without loading crypto-js where
 * the browser can: WebCrypto, in secure contexts, for 16- and 32-character keys. Elsewhere —
 * plain-http pages, and 24-character keys (Chromium's WebCrypto has no AES-192) — crypto-js,
 * loaded on first use.
 */
const IV_BYTES = 16;

type Cipher = typeof import('./cipher');
let cipher: Promise<Cipher> | null = null;
const keys = new Map<string, Promise<CryptoKey>>();

function loadCipher(): Promise<Cipher> {
  cipher ??= import('./cipher').catch((error: unknown) => {
    cipher = null; // the next answer tries again
    throw error;
  });
  return cipher;
}

function subtle(): SubtleCrypto | null {
  return (typeof isSecureContext !== 'boolean' || isSecureContext) && globalThis.crypto?.subtle ? globalThis.crypto.subtle : null;
}

const validKey = (key: string) => [16, 24, 32].includes(key.length) && !/[^\x20-\x7e]/.test(key);
const usesWebCrypto = (key: string) => subtle() !== null && key.length !== 24 && validKey(key);

/** Starts loading crypto-js early when the answer will need it (call while the request travels). */
export function prepareDecryption(key: string): void {
  if (!usesWebCrypto(key)) loadCipher().catch(() => undefined);
}

function webCryptoKey(key: string): Promise<CryptoKey> {
  let imported = keys.get(key);
  if (!imported) {
    imported = subtle()!.importKey('raw', new TextEncoder().encode(key), 'AES-CBC', false, ['decrypt']);
    keys.set(key, imported);
  }
  return imported;
}

/**
 * The plaintext, or null when `body` is not a ciphertext made with `key`. Rejects only when
 * crypto-js was needed and could not be loaded.
 */
export async function decryptAnswer(body: string, key: string): Promise<string | null> {
  if (!usesWebCrypto(key)) {
    const { decryptText } = await loadCipher();
    try {
      return decryptText(body, key);
    } catch {
      return null;
    }
  }
  try {
    const all = Uint8Array.from(atob(body.trim()), (char) => char.charCodeAt(0));
    if (all.length <= IV_BYTES || (all.length - IV_BYTES) % 16 !== 0) return null;
    const iv = all.subarray(0, IV_BYTES);
    const plain = await subtle()!.decrypt({ name: 'AES-CBC', iv }, await webCryptoKey(key), all.subarray(IV_BYTES));
    // A wrong key fails the padding check or, rarely, yields bytes that are not UTF-8.
    return new TextDecoder('utf-8', { fatal: true }).decode(plain) || null;
  } catch {
    return null;
  }
}
