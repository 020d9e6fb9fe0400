/**
 * Styles for our shadow roots: Shoelace's light theme with its document-level selectors rewritten
 * for `:host` (a shadow root has no `:root`), plus a small base every widget starts from. The theme
 * text itself is in theme.ts, so that a widget without Shoelace components does not load it.
 */

/** `:root, :host, .sl-theme-light { … }` → `:host { … }`; any other `:root` becomes `:host`. */
export function themeForShadowRoot(css: string): string {
  return css
    .replace(/:root\s*,\s*:host\s*,\s*\.sl-theme-light/g, ':host')
    .replace(/:root\s*,\s*\.sl-theme-light/g, ':host')
    .replace(/:root/g, ':host');
}

export const BASE_CSS = `
:host {
  --sl-font-sans: -apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei',
    'Noto Sans CJK SC', 'Noto Sans SC', 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;
  display: block;
  box-sizing: border-box;
  font-family: var(--sl-font-sans);
  font-size: var(--sl-font-size-medium);
  line-height: var(--sl-line-height-normal);
  color: var(--sl-color-neutral-800);
  -webkit-font-smoothing: antialiased;
}
:host([hidden]) { display: none !important; }
*, *::before, *::after { box-sizing: inherit; }
`;

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
