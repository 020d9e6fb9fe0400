import { describe, expect, it } from 'vitest';
import {
  composeSms,
  countSms,
  isOptOutReply,
  nextMarketingTime,
  normaliseSignature,
  renderTemplate,
  SAMPLE_RECIPIENT,
  signatureProblem,
  smsLengthProblem,
  templateProblem,
} from './sms';

/** An instant given as Asia/Shanghai wall time. */
const shanghai = (text: string) => new Date(`${text}+08:00`);

describe('countSms', () => {
  it('counts UCS-2 code units: Chinese, letters, digits and spaces 1, an emoji 2', () => {
    expect(countSms('')).toEqual({ length: 0, segments: 0 });
    expect(countSms('你好 A1')).toEqual({ length: 5, segments: 1 });
    expect(countSms('😀')).toEqual({ length: 2, segments: 1 });
  });
  it('is one segment up to 70 and ceil(length / 67) beyond', () => {
    expect(countSms('字'.repeat(70))).toEqual({ length: 70, segments: 1 });
    expect(countSms('字'.repeat(71))).toEqual({ length: 71, segments: 2 });
    expect(countSms('字'.repeat(134))).toEqual({ length: 134, segments: 2 });
    expect(countSms('字'.repeat(135))).toEqual({ length: 135, segments: 3 });
    expect(countSms('字'.repeat(69) + '😀')).toEqual({ length: 71, segments: 2 });
  });
  it('refuses more than 500', () => {
    expect(smsLengthProblem('字'.repeat(500))).toBeNull();
    expect(smsLengthProblem('字'.repeat(501))).toContain('最多 500 字');
  });
  it('counts the signature and the opt-out wording of marketing texts', () => {
    const text = composeSms({ signature: '【门店管家】', body: '字'.repeat(60), category: 'marketing' });
    expect(text).toBe(`【门店管家】${'字'.repeat(60)}回T退订`);
    expect(countSms(text)).toEqual({ length: 70, segments: 1 });
    expect(composeSms({ signature: '【门店管家】', body: '您的车已修好', category: 'notice' })).toBe('【门店管家】您的车已修好');
  });
});

describe('nextMarketingTime', () => {
  it('keeps a time inside 08:00–21:00 Asia/Shanghai', () => {
    expect(nextMarketingTime(shanghai('2026-11-23T08:00:00'))).toEqual(shanghai('2026-11-23T08:00:00'));
    expect(nextMarketingTime(shanghai('2026-11-23T12:34:56.789'))).toEqual(shanghai('2026-11-23T12:34:56.789'));
    expect(nextMarketingTime(shanghai('2026-11-23T20:59:59.999'))).toEqual(shanghai('2026-11-23T20:59:59.999'));
  });
  it('moves 21:00 and later to the next morning, before 08:00 to the same morning', () => {
    expect(nextMarketingTime(shanghai('2026-11-23T21:00:00'))).toEqual(shanghai('2026-11-24T08:00:00'));
    expect(nextMarketingTime(shanghai('2026-11-23T23:59:59'))).toEqual(shanghai('2026-11-24T08:00:00'));
    expect(nextMarketingTime(shanghai('2026-11-24T00:00:00'))).toEqual(shanghai('2026-11-24T08:00:00'));
    expect(nextMarketingTime(shanghai('2026-11-24T07:59:59.999'))).toEqual(shanghai('2026-11-24T08:00:00'));
  });
  it('crosses month and year ends, whatever the machine time zone', () => {
    expect(nextMarketingTime(shanghai('2026-12-31T22:00:00'))).toEqual(shanghai('2027-01-01T08:00:00'));
    expect(nextMarketingTime(shanghai('2028-02-28T21:30:00'))).toEqual(shanghai('2028-02-29T08:00:00'));
    // 20:00 UTC is 04:00 the next day in Shanghai.
    expect(nextMarketingTime(new Date('2026-11-23T20:00:00Z'))).toEqual(shanghai('2026-11-24T08:00:00'));
  });
});

describe('templates', () => {
  it('renders every variable for a recipient', () => {
    const text = renderTemplate('{称呼}({姓名})您好，{车牌}的保养{保养到期日}到期，保险{保险到期日}到期，{门店}电话{门店电话}', SAMPLE_RECIPIENT);
    expect(text).toBe('张先生(张伟)您好，沪A12345的保养2026年12月1日到期，保险2027年1月15日到期，示例门店电话021-12345678');
  });
  it('addresses a woman, an unknown gender and a missing name', () => {
    expect(renderTemplate('{称呼}', { ...SAMPLE_RECIPIENT, name: '李娜', gender: 'F' })).toBe('李女士');
    expect(renderTemplate('{称呼}', { ...SAMPLE_RECIPIENT, name: '李娜', gender: null })).toBe('李娜');
    expect(renderTemplate('{称呼}', { ...SAMPLE_RECIPIENT, name: ' ', gender: 'M' })).toBe('您好');
  });
  it('refuses unknown variables and signature brackets in the body', () => {
    expect(templateProblem('{姓名}您好')).toBeNull();
    expect(templateProblem('{名字}您好')).toContain('不支持的变量 {名字}');
    expect(templateProblem('【别的签名】您好')).toContain('【】');
    expect(templateProblem('  ')).toBe('请填写短信内容');
    expect(templateProblem('详见 \u202Emoc.evil//:sptth')).toContain('看不见的特殊字符');
  });
});

describe('signature', () => {
  it('takes 2–16 characters between 【】', () => {
    expect(normaliseSignature('门店管家')).toBe('【门店管家】');
    expect(normaliseSignature('[门店管家]')).toBe('【门店管家】');
    expect(signatureProblem('【门店】')).toBeNull();
    expect(signatureProblem('【' + '字'.repeat(16) + '】')).toBeNull();
    expect(signatureProblem('【店】')).toContain('2–16');
    expect(signatureProblem('【' + '字'.repeat(17) + '】')).toContain('2–16');
    expect(signatureProblem('【门 店】')).not.toBeNull();
    expect(signatureProblem('门店管家')).not.toBeNull();
    expect(signatureProblem('【安途\u200B汽车】')).toBe('短信签名含有看不见的特殊字符（如零宽空格、文字方向控制符），请删除后重新输入');
  });
});

describe('opt-out replies', () => {
  it('recognises T, TD, 退订 and R however typed', () => {
    for (const reply of ['T', 't', ' TD ', 'td。', '退订', 'R', 'Ｔ', '退订！']) expect(isOptOutReply(reply), reply).toBe(true);
  });
  it('ignores other replies', () => {
    for (const reply of ['', 'TT', '好的', '不要退订吗', 'RT', 'Thanks']) expect(isOptOutReply(reply), reply).toBe(false);
  });
});
