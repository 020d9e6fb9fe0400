import { describe, expect, it } from 'vitest';
import { passwordFormProblems as validatePassword } from './password';

describe('change-password rules', () => {
  it('asks for both passwords', () => {
    expect(validatePassword({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: '请输入原密码',
      newPassword: '请输入新密码',
    });
  });

  it('wants 8–64 characters with letters and digits, different from the old one, confirmed', () => {
    const base = { oldPassword: 'Garage@2026' };
    expect(validatePassword({ ...base, newPassword: 'abc123', confirmPassword: 'abc123' }).newPassword).toBe('新密码至少 8 位');
    expect(validatePassword({ ...base, newPassword: 'Password123', confirmPassword: 'Password123' }).newPassword).toMatch(/常见/);
    expect(validatePassword({ ...base, newPassword: 'abcdefghij', confirmPassword: 'abcdefghij' }).newPassword).toMatch(/字母和数字/);
    expect(validatePassword({ ...base, newPassword: 'Garage@2026', confirmPassword: 'Garage@2026' }).newPassword).toBe('新密码不能与原密码相同');
    expect(validatePassword({ ...base, newPassword: 'Garage@2027', confirmPassword: 'Garage@2028' }).confirmPassword).toBe('两次输入的新密码不一致');
    expect(validatePassword({ ...base, newPassword: 'Garage@2027', confirmPassword: 'Garage@2027' })).toEqual({});
  });
});
