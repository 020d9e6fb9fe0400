/**
 * The Shoelace part every widget shares: the components the core itself renders (toasts, loading),
 * the zh-cn translation, the icon base path and the theme. Widgets import further components
 * themselves (cherry-picked from dist/components, so a bundle carries only what it renders).
 */
import '@shoelace-style/shoelace/dist/components/alert/alert.js';
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js';
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js';
import '@shoelace-style/shoelace/dist/translations/zh-cn.js';
import { setBasePath } from '@shoelace-style/shoelace/dist/utilities/base-path.js';
import { IS_BUNDLED } from '../build-constants';
import { defaultConfig, shared } from '../shared';

export { WIDGET_LANG, keepShoelaceChinese } from './lang';
export { shadowTheme } from './theme';

/**
 * Icons are fetched from `<base>/assets/icons/<name>.svg`. A built bundle finds the copied assets
 * beside itself (dist/widgets/shoelace/, one level up from dist/widgets/chunks/ and from the phone
 * bar's dist/widgets/phone-bar/), unless the page
 * configured another base; unbuilt code (Vite, Storybook) uses the configured base.
 */
shared.runtime.effect(() => {
  const { assetBase } = shared.config.value;
  const bundledDefault = IS_BUNDLED && assetBase === defaultConfig().assetBase;
  setBasePath(bundledDefault ? new URL('../shoelace', import.meta.url).href : assetBase);
});

