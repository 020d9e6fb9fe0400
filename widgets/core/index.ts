/**
 * The public API of the core (documented in README.md): the lean entry base.ts plus what widgets
 * that render Shoelace need. Named exports only beyond base.ts, whose list is the curated one.
 * It loads no Shoelace component: each widget imports those it renders (README: define()).
 */
export * from './base';
// Takes precedence over base.ts's themeless define(): these widgets get Shoelace's theme.
export { define } from './define';
export { loading } from './ui/loading';
export { ConfirmDialog, DialogFooter, useBusyAction, useDialogClose } from './ui/dialog';
export { useLazyDialogs, usePageData } from './ui/page-data';
export { useLatestAnswer, useRowSelection, useSearchKeyword } from './ui/paged-list';
export { AppLink, appUrl } from './ui/app-link';
export { DemoBadge } from './ui/demo-badge';
export { LazyImage } from './ui/lazy-image';
export { inputValue } from './ui/value';
