import { describe, expect, it } from 'vitest';
import { oneOf, requiredText, text } from './fields';
import { hasHiddenCharacter } from './rules/text';

const name = requiredText('标签名称', { max: 30 });
const note = text('备注', { max: 200, multiline: true });
const refusal = (schema: typeof name, input: string) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('invisible characters (issue 31)', () => {
  const HIDDEN_MESSAGE = '标签名称含有看不见的特殊字符（如零宽空格、文字方向控制符），请删除后重新输入';

  it('refuses bidi overrides and isolates, zero-width and other format characters, and control characters', () => {
    for (const hidden of ['\u202E', '\u202D', '\u2066', '\u2069', '\u200E', '\u200B', '\u200C', '\u2060', '\uFEFF', '\u00AD', '\u0007', '\u001B', '\u007F', '\u0085', '\u{E0041}']) {
      expect(hasHiddenCharacter(`贵${hidden}宾`), hidden.codePointAt(0)!.toString(16)).toBe(true);
      expect(refusal(name, `贵${hidden}宾`)).toBe(HIDDEN_MESSAGE);
    }
    // A zero-width joiner outside an emoji joins nothing you can see.
    expect(refusal(name, '贵\u200D宾')).toBe(HIDDEN_MESSAGE);
    expect(refusal(note, '第一行\n\u202Egnp.exe')).toBe('备注含有看不见的特殊字符（如零宽空格、文字方向控制符），请删除后重新输入');
  });

  it('keeps what people type: line breaks, tabs (folded in one-line fields), Chinese punctuation and emoji sequences', () => {
    expect(name.parse('  VIP\t客户 ')).toBe('VIP 客户');
    expect(note.parse('第一行\r\n第二行')).toBe('第一行\r\n第二行');
    for (const emoji of ['👩‍💻', '👩🏽‍💻', '🏳️‍🌈', '❤️‍🔥', '👨‍👩‍👧', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '车主👍']) expect(name.parse(emoji), emoji).toBe(emoji);
    expect(name.parse('「保养」—— 王·小明（1/2）')).toBe('「保养」—— 王·小明（1/2）');
  });

  it('still names a NUL as unreadable, once', () => {
    const parsed = name.safeParse('贵\u0000宾');
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.message)).toEqual(['标签名称包含无法识别的字符']);
  });
});

describe('a value chosen from a list (oneOf)', () => {
  it('asks to choose it when left empty, and names an unknown value as unsupported', () => {
    const result = oneOf('联系结果', ['reached', 'booked']);
    const erp = oneOf('ERP 类型', ['f6']);
    const messageOf = (schema: typeof result | typeof erp, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;
    for (const missing of [undefined, null, '']) expect(messageOf(result, missing)).toBe('请选择联系结果');
    expect(messageOf(erp, undefined)).toBe('请选择 ERP 类型');
    expect(messageOf(result, 'maybe')).toBe('不支持的联系结果');
    expect(messageOf(result, 3)).toBe('不支持的联系结果');
  });
});
