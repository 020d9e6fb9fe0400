// The server's native cipher and the widgets' crypto-js cipher read each other's bodies, for every key length.
import { describe, expect, it } from 'vitest';
import { decryptText as widgetDecrypt, encryptText as widgetEncrypt } from '../../../widgets/core/crypto/cipher';
import { decryptText, encryptText } from './cipher';

const keys = ['GarageSuite#2026', 'GarageSuite#2026-24chars', 'GarageSuite#2026-thirty-two-char'];
const answer = JSON.stringify({ code: 0, msg: 'ok', data: { name: '王先生', plate: '浙A12345', emoji: '🚗', long: 'x'.repeat(5000) } });

describe('envelope cipher, server side', () => {
  it.each(keys)('server bodies open in the widgets and widget bodies open on the server (%s)', (key) => {
    expect(widgetDecrypt(encryptText(answer, key), key)).toBe(answer);
    expect(decryptText(widgetEncrypt(answer, key), key)).toBe(answer);
  });

  it('uses a fresh IV for every answer', () => {
    expect(encryptText(answer, keys[0])).not.toBe(encryptText(answer, keys[0]));
  });

  it('refuses a body made with another key or no ciphertext at all', () => {
    expect(() => decryptText(encryptText(answer, keys[0]), 'AnotherKey#20260')).toThrow();
    expect(() => decryptText('{"code":0}', keys[0])).toThrow();
  });
});
