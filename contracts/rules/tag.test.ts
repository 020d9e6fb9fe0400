import { describe, expect, it } from 'vitest';
import { TAG_COLOURS, TAG_COLOUR_NAMES, tagTextColour } from './tag';

function contrastOnWhite(hex: string): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = [1, 3, 5].map((start) => linear(parseInt(hex.slice(start, start + 2), 16)));
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

describe('tag colours', () => {
  it('give tag text that reads at 4.5:1 on white, for the palette and for colours a user may type', () => {
    for (const colour of [...TAG_COLOURS, '#ffff00', '#ffffff', '#00ff00', '#000000', '#7dd3fc']) {
      expect(contrastOnWhite(tagTextColour(colour)), colour).toBeGreaterThanOrEqual(4.5);
    }
    // The palette keeps its look: darkened by 35%, not more, where that already reads.
    expect(tagTextColour('#dc2626')).toBe('#8f1919');
    expect(tagTextColour('not a colour')).toBe('#3f3f46');
  });

  it('have a Chinese name for every palette colour', () => {
    expect(TAG_COLOURS.map((colour) => TAG_COLOUR_NAMES[colour])).toEqual(['红色', '橙色', '琥珀色', '草绿色', '绿色', '青绿色', '青色', '蓝色', '紫色', '玫红色', '灰色']);
  });
});
