/**
 * Characters nobody sees but every screen obeys (issue 31): zero-width spaces, bidi overrides and
 * isolates (U+202E shows 「接取」 for 「取接」 and hides a link's real address), soft hyphens, BOMs and
 * control characters, i.e. Unicode Cc and Cf. Every text field of contracts/fields.ts refuses them
 * (a refusal says what to do; silently dropping them would save something else than was typed).
 * Kept: tab and line breaks (single-line fields fold them into spaces), and the joiners inside one
 * emoji (👩‍💻, 🏳️‍🌈, the tag characters of 🏴󠁧󠁢󠁳󠁣󠁴󠁿), which draw one picture and hide nothing.
 */

/** Zero-width joiners between two pictographs, and the tag sequence of a subdivision flag. */
const EMOJI_JOINERS = /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})|(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

/** A control character other than tab, LF and CR, or a format character. */
const HIDDEN = /[^\P{Cc}\t\n\r]|\p{Cf}/u;

export function hasHiddenCharacter(text: string): boolean {
  return HIDDEN.test(text.replace(EMOJI_JOINERS, ''));
}

export const hiddenCharacterMessage = (label: string): string => `${label}含有看不见的特殊字符（如零宽空格、文字方向控制符），请删除后重新输入`;
