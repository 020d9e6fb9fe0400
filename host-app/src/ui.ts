/**
 * The Shoelace components the host app uses, as React components. Importing a wrapper registers its
 * custom element, so only what is listed here ends up in the bundle.
 */
import './shoelace';
// <sl-dropdown> with its trigger check out of the first render (see there).
import '../../widgets/core/ui/dropdown';

export { default as SlAlert } from '@shoelace-style/shoelace/dist/react/alert/index.js';
export { default as SlAvatar } from '@shoelace-style/shoelace/dist/react/avatar/index.js';
export { default as SlBadge } from '@shoelace-style/shoelace/dist/react/badge/index.js';
export { default as SlButton } from '@shoelace-style/shoelace/dist/react/button/index.js';
export { default as SlCopyButton } from '@shoelace-style/shoelace/dist/react/copy-button/index.js';
export { default as SlDialog } from '@shoelace-style/shoelace/dist/react/dialog/index.js';
export { default as SlDivider } from '@shoelace-style/shoelace/dist/react/divider/index.js';
export { default as SlDropdown } from '@shoelace-style/shoelace/dist/react/dropdown/index.js';
export { default as SlIcon } from '@shoelace-style/shoelace/dist/react/icon/index.js';
export { default as SlIconButton } from '@shoelace-style/shoelace/dist/react/icon-button/index.js';
export { default as SlInput } from '@shoelace-style/shoelace/dist/react/input/index.js';
export { default as SlMenu } from '@shoelace-style/shoelace/dist/react/menu/index.js';
export { default as SlMenuItem } from '@shoelace-style/shoelace/dist/react/menu-item/index.js';
export { default as SlMenuLabel } from '@shoelace-style/shoelace/dist/react/menu-label/index.js';
export { default as SlSpinner } from '@shoelace-style/shoelace/dist/react/spinner/index.js';
export { default as SlTag } from '@shoelace-style/shoelace/dist/react/tag/index.js';
export { default as SlTooltip } from '@shoelace-style/shoelace/dist/react/tooltip/index.js';
