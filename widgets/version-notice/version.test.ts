import { describe, expect, it } from 'vitest';
import { compareVersion, serverOrigin } from './version';

describe('compareVersion', () => {
  it('adopts the running version silently when nothing is stored yet', () => {
    expect(compareVersion(1_767_225_600_000, null)).toBe('adopt');
    expect(compareVersion(1_767_225_600_000, 'not a number')).toBe('adopt');
  });

  it('reports a newer release only when VERSION_TIME is later than the stored VERSION', () => {
    expect(compareVersion(1_767_225_600_001, '1767225600000')).toBe('newer');
    expect(compareVersion(1_767_225_600_000, '1767225600000')).toBe('same');
    expect(compareVersion(1_767_225_500_000, '1767225600000')).toBe('same');
  });

  it('reads version.json from our server (the api-base), not from the page that embeds us', () => {
    expect(serverOrigin('https://garage.example.com/api', 'https://partner.example.org/crm/page')).toBe('https://garage.example.com');
    expect(serverOrigin('/api', 'https://garage.example.com/home')).toBe('https://garage.example.com');
    expect(serverOrigin('http://127.0.0.1:3200/api/', 'http://127.0.0.1:4000/')).toBe('http://127.0.0.1:3200');
  });
});
