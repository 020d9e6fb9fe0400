/**
 * What the settings-centre widgets (权限管理, 门店基础信息, 组织架构, 岗位池, 指标库, 指标树) share:
 * their page's data loaded once signed in, with the server's 403 (not an admin) told apart from a
 * failure; and dialogs whose Shoelace parts load with the first one opened.
 */
import { useCallback, useEffect, useState } from 'react';
import { bootstrap } from '../bootstrap';
import { ApiError } from '../http';

/**
 * `fetch` runs when there is a token, again on `load()` and whenever `deps` change. `refused`: the
 * server answered 403, so the page explains instead of offering a retry (`refusal` is the server's
 * Chinese reason, for a page that can be refused for more than one reason); `failed`: anything else.
 */
export function usePageData<T>(token: string, fetch: () => Promise<T>, deps: readonly unknown[] = []) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [refused, setRefused] = useState(false);
  const [refusal, setRefusal] = useState('');
  const load = useCallback(() => {
    if (!token) return;
    setFailed(false);
    fetch().then(
      (answer) => (setData(answer), setRefused(false)),
      (error: unknown) => (error instanceof ApiError && error.code === 403 ? (setRefused(true), setRefusal(error.msg)) : setFailed(true)),
    );
    // `fetch` is new every render: `deps` say when what it asks for changes.
  }, [token, ...deps]);
  useEffect(() => {
    void bootstrap({ once: true });
    load();
  }, [load]);
  return { data, failed, refused, refusal, load };
}

/**
 * The open dialog (`{ type, … }` or null) and whether the dialogs' Shoelace parts have loaded:
 * `loadParts` runs at the first open, so the page draws without them (widget size budgets).
 */
export function useLazyDialogs<D extends { type: string }>(loadParts: () => Promise<unknown>) {
  const [dialog, setShown] = useState<D | null>(null);
  const [partsReady, setPartsReady] = useState(false);
  const setDialog = useCallback((next: D | null | ((open: D | null) => D | null)) => {
    setShown(next);
    void loadParts().then(() => setPartsReady(true));
  }, []);
  const close = useCallback(() => setShown(null), []);
  // A dialog that finishes hiding after the next one opened must not close that one.
  const closeIf = useCallback((type: D['type']) => () => setShown((open) => (open?.type === type ? null : open)), []);
  return { dialog, setDialog, close, closeIf, partsReady };
}
