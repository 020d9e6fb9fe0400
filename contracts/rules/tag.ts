/** Tag colours the tag editor offers; the server gives a new tag without a colour the blue one. */
export const TAG_COLOURS = ['#dc2626', '#ea580c', '#f59e0b', '#65a30d', '#16a34a', '#0d9488', '#0891b2', '#2563eb', '#7c3aed', '#db2777', '#6b7280'] as const;

export const DEFAULT_TAG_COLOUR = TAG_COLOURS[7];

/** Any #rrggbb is accepted, not only the palette. */
export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** What the colour picker calls each palette colour (a screen reader read "#7c3aed" before). */
export const TAG_COLOUR_NAMES: Record<(typeof TAG_COLOURS)[number], string> = {
  '#dc2626': '红色',
  '#ea580c': '橙色',
  '#f59e0b': '琥珀色',
  '#65a30d': '草绿色',
  '#16a34a': '绿色',
  '#0d9488': '青绿色',
  '#0891b2': '青色',
  '#2563eb': '蓝色',
  '#7c3aed': '紫色',
  '#db2777': '玫红色',
  '#6b7280': '灰色',
};

/**
 * Tag text on white: the tag's colour darkened (mixed with black) just enough to read at 4.5:1
 * (WCAG AA), at least to 65%, so the palette keeps one look; the border keeps the colour itself.
 * One rule for the customer list, the panorama and the tag editor. Not #rrggbb: a neutral dark grey.
 */
export function tagTextColour(colour: string): string {
  if (!COLOUR_PATTERN.test(colour)) return '#3f3f46';
  const channels = [1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16));
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  for (let share = 65; share > 0; share -= 5) {
    const mixed = channels.map((value) => Math.round((value * share) / 100));
    const luminance = 0.2126 * linear(mixed[0]) + 0.7152 * linear(mixed[1]) + 0.0722 * linear(mixed[2]);
    if (1.05 / (luminance + 0.05) >= 4.5) return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
  }
  return '#000000';
}
