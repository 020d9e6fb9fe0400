/**
 * What the paged work lists (保险查询, 潜在客户) share: a search box that asks the server once typing
 * pauses, loading where only the latest answer is shown, and ticked rows that a new filter clears.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { bootstrap } from '../bootstrap';
import { isCancelled } from '../http';

/** What is typed, and the trimmed keyword once typing pauses 300 ms (then `onKeyword`, e.g. back to page 1). */
export function useSearchKeyword(onKeyword: () => void) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => (setKeyword(typed.trim()), onKeyword()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, keyword };
}

/**
 * `fetch` runs when there is a token and whenever `deps` change; typing fast asks several times, so
 * only the latest request's answer (or failure) is shown. `data` keeps the last answer while loading.
 */
export function useLatestAnswer<T>(token: string, fetch: () => Promise<T>, deps: readonly unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const load = useCallback(() => {
    if (!token) return;
    const asked = ++latest.current;
    setLoading(true);
    setFailed(false);
    fetch().then(
      (answer) => asked === latest.current && (setData(answer), setLoading(false)),
      (error: unknown) => asked === latest.current && !isCancelled(error) && (setLoading(false), setFailed(true)),
    );
    // `fetch` is new every render: `deps` say when what it asks for changes.
  }, [token, ...deps]);
  useEffect(() => {
    void bootstrap({ once: true });
    load();
  }, [load]);
  return { data, loading, failed, load };
}

/** Ticked rows by id; cleared whenever `clearOn` changes (a new filter is a new list). */
export function useRowSelection<T extends { id: number }>(clearOn: readonly unknown[]) {
  const [selected, setSelected] = useState<Map<number, T>>(new Map());
  useEffect(() => setSelected(new Map()), clearOn);
  const toggle = (row: T) =>
    setSelected((now) => {
      const next = new Map(now);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  /** Whether every row that may be ticked is; and ticking them all, or none when they all were. */
  const allTicked = (rows: T[]) => rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggleAll = (rows: T[]) => setSelected(allTicked(rows) ? new Map() : new Map(rows.map((row) => [row.id, row])));
  const clear = () => setSelected(new Map());
  return { selected, toggle, allTicked, toggleAll, clear };
}
