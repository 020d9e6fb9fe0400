/**
 * The Shoelace components the core itself renders (toasts, loading) with the translation and the
 * icon base path (shoelace-setup.ts). Loaded with the first toast or loading mask, and by the host
 * app; widgets import the components they render themselves (cherry-picked from dist/components,
 * so a bundle carries only what it renders).
 */
import '@shoelace-style/shoelace/dist/components/alert/alert.js';
import '@shoelace-style/shoelace/dist/components/icon/icon.js';
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js';
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js';
import './shoelace-setup';

export { WIDGET_LANG, keepShoelaceChinese } from './lang';
export { shadowTheme } from './theme';
