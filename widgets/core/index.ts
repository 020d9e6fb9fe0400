/**
 * The public API of the core (documented in README.md): the lean entry base.ts plus what widgets
 * that render Shoelace need. Named exports only beyond base.ts, whose list is the curated one.
 */
// The Shoelace components every widget may render without importing them (README: define()).
import './ui/shoelace';

export * from './base';
// Takes precedence over base.ts's themeless define(): these widgets get Shoelace's theme.
export { define } from './define';
export { loading } from './ui/loading';
export { DialogFooter, useBusyAction, useDialogClose } from './ui/dialog';
export { encryptText, decryptText, DEFAULT_CIPHER_KEY } from './crypto/cipher';
