/**
 * The Shoelace part every widget shares: the components the core itself renders (toasts, loading),
 * the zh-cn translation and the icon base path. Widgets import further components themselves
 * (cherry-picked from dist/components, so a bundle carries only what it renders).
 */
import '@shoelace-style/shoelace/dist/components/alert/alert.js';
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js';
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js';
import '@shoelace-style/shoelace/dist/translations/zh-cn.js';
import { setBasePath } from '@shoelace-style/shoelace/dist/utilities/base-path.js';
import { IS_BUNDLED } from '../build-constants';
import { defaultConfig, shared } from '../shared';

export const WIDGET_LANG = 'zh-cn';

/**
 * Icons are fetched from `<base>/assets/icons/<name>.svg`. A built bundle finds the copied assets
 * beside itself (dist/widgets/shoelace/, one level up from dist/widgets/chunks/), unless the page
 * configured another base; unbuilt code (Vite, Storybook) uses the configured base.
 */
shared.runtime.effect(() => {
  const { assetBase } = shared.config.value;
  const bundledDefault = IS_BUNDLED && assetBase === defaultConfig().assetBase;
  setBasePath(bundledDefault ? new URL('../shoelace', import.meta.url).href : assetBase);
});

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
