import { describe, expect, it } from 'vitest';
import { maskMobile, maskName, maskPlate } from './mobile';

describe('masking', () => {
  it('keeps the surname of a name and hides the rest', () => {
    expect(maskName('王小明')).toBe('王**');
    expect(maskName('王明')).toBe('王*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName('王')).toBe('王*');
    expect(maskName('  ')).toBe('');
  });

  it('keeps a plate’s region and last two characters', () => {
    expect(maskPlate('浙A12345')).toBe('浙A***45');
    expect(maskPlate('浙AD12345')).toBe('浙A****45');
    expect(maskPlate('')).toBe('');
  });

  it('masks the middle of a mobile', () => {
    expect(maskMobile('13800000001')).toBe('138****0001');
  });
});
