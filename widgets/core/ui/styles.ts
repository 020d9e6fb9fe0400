/**
 * Styles for our shadow roots: Shoelace's light theme with its document-level selectors rewritten
 * for `:host` (a shadow root has no `:root`), plus a small base every widget starts from.
 */
import themeCss from '@shoelace-style/shoelace/dist/themes/light.css?inline';

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

let themeText: string | null = null;
const shadowTheme = () => (themeText ??= themeForShadowRoot(themeCss));

/** Gives a shadow root the theme, the base and the element's own CSS; shared sheets, parsed once. */
export function adoptStyles(root: ShadowRoot, ...extra: (string | undefined)[]): void {
  const texts = [shadowTheme(), BASE_CSS, ...extra.filter((css): css is string => Boolean(css))];
  if (canConstructSheets()) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...texts.map(sheetFor)];
    return;
  }
  const style = document.createElement('style');
  style.textContent = texts.join('\n');
  root.prepend(style);
}
