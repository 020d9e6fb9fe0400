/**
 * Styles for our shadow roots: Shoelace's light theme with its document-level selectors rewritten
 * for `:host` (a shadow root has no `:root`), plus a small base every widget starts from. The theme
 * text itself is in theme.ts, so that a widget without Shoelace components does not load it.
 */

import { uiMessages } from '../messages';

/** Shoelace's tokens are in rem; 1rem is 16px on a page that keeps the browser's default. */
export const REM_PX = 16;

/** `0.875rem` → `14px`: our sizes must not follow a partner page's root font size (`html{font-size:8px}`). */
export function remToPx(css: string): string {
  return css.replace(/(-?\d*\.?\d+)rem\b/g, (_, value: string) => `${Number((Number(value) * REM_PX).toFixed(3))}px`);
}

/**
 * A field marked data-problem (the widgets' forms check the contract's rules once the user tried)
 * says so in red. Not Shoelace's own data-invalid: it is set at once on an empty required field.
 */
const INVALID_FIELDS =
  'sl-input[data-problem]::part(base), sl-select[data-problem]::part(combobox) { border-color: var(--sl-color-danger-600); }\n' +
  'sl-input[data-problem]::part(form-control-help-text), sl-select[data-problem]::part(form-control-help-text) { color: var(--sl-color-danger-700); }\n';

/**
 * Selects. A chosen option's chip in a narrow multiple select gives way (its name ends in …): by default it
 * kept its width and pushed the clear icon onto the caret (客户列表's 门店 at 180 px).
 */
const SELECTS =
  'sl-select::part(tags) { min-width: 0; }\n' +
  'sl-select::part(tag) { min-width: 0; max-width: 100%; }\n' +
  'sl-select::part(tag__base) { max-width: 100%; }\n' +
  'sl-select::part(tag__content) { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }\n' +
  'sl-select::part(clear-button), sl-select::part(expand-icon) { flex: none; }\n' +
  // A select whose label sits before it on one line (「门店 [全部门店]」), and one named only for screen readers.
  'sl-select.inline-label::part(form-control) { display: flex; align-items: center; gap: 8px; }\n' +
  'sl-select.inline-label::part(form-control-label) { margin: 0; white-space: nowrap; }\n' +
  'sl-select.hidden-label::part(form-control-label) { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }\n';

/**
 * `:root, :host, .sl-theme-light { … }` → `:host { … }`; any other `:root` becomes `:host`. Every
 * rem becomes px (remToPx), and the few rem sizes inside Shoelace components we render are set
 * in px from outside (an outer rule beats a component's own `:host` rule).
 */
export function themeForShadowRoot(css: string): string {
  const theme = remToPx(
    css
      .replace(/:root\s*,\s*:host\s*,\s*\.sl-theme-light/g, ':host')
      .replace(/:root\s*,\s*\.sl-theme-light/g, ':host')
      .replace(/:root/g, ':host'),
  );
  return `${theme}\nsl-dialog { --width: ${31 * REM_PX}px; }\n${INVALID_FIELDS}${SELECTS}`;
}

/**
 * Every widget marks what waits for its first answer `aria-busy`; while that is still empty it says
 * so (a page was blank for seconds: issue 33). One rule here, so every page of every widget has it.
 */
const BUSY_CSS = `
[aria-busy="true"]:empty { display: flex; align-items: center; justify-content: center; gap: 8px; min-height: 96px; color: #71717a; font-size: 14px; }
[aria-busy="true"]:empty::before { content: ''; width: 16px; height: 16px; border: 2px solid #d4d4d8; border-top-color: #0369a1; border-radius: 50%; animation: garage-busy 0.8s linear infinite; }
[aria-busy="true"]:empty::after { content: '${uiMessages.loading}'; }
@keyframes garage-busy { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { [aria-busy="true"]:empty::before { animation: none; } }
[data-image] { display: inline-block; background: #f4f4f5; }
`;

export const FONT_STACK = `-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Segoe UI', Roboto, Helvetica, Arial, sans-serif`;

/**
 * Every element's start. The page's CSS reaches our host element, and through it everything that
 * inherits: `*{all:unset!important}` makes it inline and serif, `body{direction:rtl}` mirrors it.
 * So the host resets what inherits, with !important: a page's !important rules on the host beat
 * a shadow root's normal `:host` rules, while the shadow root's !important ones beat the page's
 * (CSS Cascade 5, "context"). The `font` shorthand also resets kerning, variants, feature and
 * variation settings; the font stack is declared once, as an !important custom property, so a
 * page's `--sl-font-sans` cannot replace it either. A widget that changes one of these at its
 * `:host` (font-size 14px, display inline-block…) writes !important too. Not reset: visibility,
 * pointer-events and cursor, which a partner's hidden or disabled container must still pass on.
 * Sizes are px: `rem` would follow the page's root font size.
 */
export const BASE_CSS = `
:host {
  --sl-font-sans: ${FONT_STACK} !important;
  display: block !important;
  box-sizing: border-box !important;
  direction: ltr !important;
  unicode-bidi: isolate !important;
  writing-mode: horizontal-tb !important;
  font: 400 16px/1.8 var(--sl-font-sans) !important;
  letter-spacing: normal !important;
  word-spacing: normal !important;
  text-transform: none !important;
  text-align: start !important;
  text-indent: 0 !important;
  text-shadow: none !important;
  white-space: normal !important;
  word-break: normal !important;
  overflow-wrap: normal !important;
  hyphens: manual !important;
  list-style: disc !important;
  border-collapse: separate !important;
  border-spacing: 0 !important;
  color-scheme: light !important;
  color: var(--sl-color-neutral-800, #27272a) !important;
  -webkit-font-smoothing: antialiased;
}
:host([hidden]) { display: none !important; }
*, *::before, *::after { box-sizing: inherit; }
${BUSY_CSS}`;

const sheets = new Map<string, CSSStyleSheet>();

const canConstructSheets = () => {
  try {
    return typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype && Boolean(new CSSStyleSheet());
  } catch {
    return false;
  }
};

function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/**
 * Gives a shadow root the theme (`null` for none, see theme.ts), the base and the element's own
 * CSS; shared sheets, parsed once.
 */
export function adoptStyles(root: ShadowRoot, theme: string | null, ...extra: (string | undefined)[]): void {
  const texts = [theme, BASE_CSS, ...extra].filter((css): css is string => Boolean(css));
  if (canConstructSheets()) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...texts.map(sheetFor)];
    return;
  }
  const style = document.createElement('style');
  style.textContent = texts.join('\n');
  root.prepend(style);
}

/** Puts `css` before the root's other styles: the theme of a root made before Shoelace loaded. */
export function prependStyles(root: ShadowRoot, css: string): void {
  if (canConstructSheets()) {
    root.adoptedStyleSheets = [sheetFor(css), ...root.adoptedStyleSheets];
    return;
  }
  const style = document.createElement('style');
  style.textContent = css;
  root.prepend(style);
}
