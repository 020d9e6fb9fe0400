import { describe, expect, it } from 'vitest';
import { buildConstants, DEFAULT_CIPHER_KEY as BUILD_DEFAULT } from '../../scripts/build-settings.mjs';
import { DEFAULT_CIPHER_KEY } from './crypto/key';

describe('build settings (scripts/build-settings.mjs)', () => {
  it('bakes the same default key the server and unbuilt code use', () => {
    expect(BUILD_DEFAULT).toBe(DEFAULT_CIPHER_KEY);
    expect(buildConstants({}).__GARAGE_CIPHER_KEY__).toBe(JSON.stringify(DEFAULT_CIPHER_KEY));
  });

  it('bakes GARAGE_CIPHER_KEY and OLD_SITE_URL as given', () => {
    const key = 'k'.repeat(32);
    expect(buildConstants({ GARAGE_CIPHER_KEY: key, OLD_SITE_URL: 'https://old.example.com/layout/home' })).toEqual({
      __GARAGE_CIPHER_KEY__: JSON.stringify(key),
      __GARAGE_OLD_SITE_URL__: JSON.stringify('https://old.example.com/layout/home'),
    });
  });

  it('refuses a key AES cannot use, saying so in Chinese', () => {
    expect(() => buildConstants({ GARAGE_CIPHER_KEY: 'short' })).toThrow(/必须是 16、24 或 32 个 ASCII 字符/);
    expect(() => buildConstants({ GARAGE_CIPHER_KEY: '钥'.repeat(16) })).toThrow(/ASCII/);
  });
});
