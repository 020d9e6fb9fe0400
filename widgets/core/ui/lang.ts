/**
 * The widgets' language, without loading Shoelace: define() needs these for every element, while
 * the Shoelace components themselves (ui/shoelace.ts) are left out of lean bundles (core/base.ts).
 */
export const WIDGET_LANG = 'zh-cn';

/**
 * Shoelace picks its translation from the component's own `lang`, else `<html lang>`; inside an
 * English page our components would speak English. This keeps every sl-* element in `root` Chinese.
 */
export function keepShoelaceChinese(root: ShadowRoot | HTMLElement): MutationObserver | null {
  const mark = (element: Element) => {
    if (element.localName.startsWith('sl-') && !element.hasAttribute('lang')) element.setAttribute('lang', WIDGET_LANG);
  };
  root.querySelectorAll('*').forEach(mark);
  if (typeof MutationObserver === 'undefined') return null;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element) {
          mark(node);
          node.querySelectorAll('*').forEach(mark);
        }
      }
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  return observer;
}
