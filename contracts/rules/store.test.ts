import { describe, expect, it } from 'vitest';
import { creditCodeProblem, hoursProblem, isProvince, isStorePhone } from './store';

describe('统一社会信用代码', () => {
  it('accepts real codes printed on licences, in any case and with spaces', () => {
    for (const code of ['914403001922038216', '9144030071526726XG', '91110000600037341L', '9144 0300 7152 6726 xg']) expect(creditCodeProblem(code), code).toBeNull();
  });
  it('says what is wrong: length, letters the standard leaves out, a wrong check character', () => {
    expect(creditCodeProblem('91440300192203821')).toMatch(/当前 17 位/);
    expect(creditCodeProblem('91440300192203821O')).toMatch(/无效字符/);
    expect(creditCodeProblem('9144AB0019220382166'.slice(0, 18))).toMatch(/无效字符|第 3–8 位/);
    expect(creditCodeProblem('914403001922038217')).toMatch(/校验位不正确/);
  });
});

describe('store phone, hours and province', () => {
  it('takes landlines with area code, 400 numbers and mobiles', () => {
    for (const phone of ['0571-88001234', '02155556666', '0571-88001234-801', '400-820-8820', '13800000001']) expect(isStorePhone(phone), phone).toBe(true);
    for (const phone of ['88001234', '12345', '571-88001234', '138000000012']) expect(isStorePhone(phone), phone).toBe(false);
  });
  it('wants closing after opening, up to 24:00', () => {
    expect(hoursProblem('08:30', '18:00')).toBeNull();
    expect(hoursProblem('00:00', '24:00')).toBeNull();
    expect(hoursProblem('18:00', '08:30')).toMatch(/晚于/);
    expect(hoursProblem('8:30', '18:00')).toMatch(/开始营业时间/);
  });
  it('knows the province-level divisions by their full names', () => {
    expect(isProvince('浙江省')).toBe(true);
    expect(isProvince('浙江')).toBe(false);
  });
});
