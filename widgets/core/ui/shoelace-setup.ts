/**
 * What a widget rendering Shoelace components needs besides the components it imports itself:
 * the zh-cn translation and the icon base path. Loaded by define() (core/define.tsx); the
 * components the core renders itself (toasts, loading) are in shoelace.ts, loaded with them.
 */
import '@shoelace-style/shoelace/dist/translations/zh-cn.js';
import { setBasePath } from '@shoelace-style/shoelace/dist/utilities/base-path.js';
import { IS_BUNDLED } from '../build-constants';
import { defaultConfig, shared } from '../shared';

/**
 * Icons are fetched from `<base>/assets/icons/<name>.svg`. A built bundle finds the copied assets
 * beside itself (dist/widgets/shoelace/, one level up from dist/widgets/chunks/, where the build
 * always puts this module, and from the phone bar's dist/widgets/phone-bar/), unless the page
 * configured another base; unbuilt code (Vite, Storybook) uses the configured base.
 */
shared.runtime.effect(() => {
  const { assetBase } = shared.config.value;
  const bundledDefault = IS_BUNDLED && assetBase === defaultConfig().assetBase;
  setBasePath(bundledDefault ? new URL(/* @vite-ignore */ '../shoelace', import.meta.url).href : assetBase);
});
