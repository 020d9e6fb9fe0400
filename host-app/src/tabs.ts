/**
 * The tab bar's state: the pages opened in this browser tab, kept in sessionStorage so a reload
 * keeps them and logout (which wipes sessionStorage) forgets them.
 */
import { signal } from '@preact/signals-core';
import { HOME_PATH, findPage } from './routes';

export interface OpenTab {
  /** The page's canonical path (the key). */
  path: string;
  /** Where the tab leads: the path plus the query it was last opened with. */
  location: string;
  title: string;
}

const STORAGE_KEY = 'garage-host-tabs';

function workbenchTab(): OpenTab {
  return { path: HOME_PATH, location: HOME_PATH, title: findPage(HOME_PATH)?.title ?? '' };
}

function restore(): OpenTab[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as OpenTab[];
    const valid = Array.isArray(saved) ? saved.filter((tab) => tab && findPage(tab.path)?.showTab) : [];
    return [workbenchTab(), ...valid.filter((tab) => tab.path !== HOME_PATH)];
  } catch {
    return [workbenchTab()];
  }
}

export const openTabs = signal<OpenTab[]>(restore());
/** Bumped to remount the page of a path ("刷新"). */
export const refreshCounts = signal<Record<string, number>>({});

function save(tabs: OpenTab[]) {
  openTabs.value = tabs;
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tabs.filter((tab) => tab.path !== HOME_PATH)));
}

/** The workbench is the home of every user, so its tab cannot be closed. */
export function isPinned(path: string) {
  return path === HOME_PATH;
}

export function openTab(pathname: string, search: string) {
  const page = findPage(pathname);
  if (!page?.showTab) return;
  const location = `${page.path}${search}`;
  const tabs = openTabs.value;
  const existing = tabs.find((tab) => tab.path === page.path);
  if (existing?.location === location) return;
  save(existing
    ? tabs.map((tab) => (tab.path === page.path ? { ...tab, location } : tab))
    : [...tabs, { path: page.path, location, title: page.title }]);
}

/** Closes a tab and answers where to go if it was the active one. */
export function closeTab(path: string): string {
  const tabs = openTabs.value;
  const index = tabs.findIndex((tab) => tab.path === path);
  if (index < 0 || isPinned(path)) return tabs[index]?.location ?? HOME_PATH;
  const remaining = tabs.filter((tab) => tab.path !== path);
  save(remaining);
  return (remaining[index - 1] ?? remaining[index] ?? workbenchTab()).location;
}

export function closeOtherTabs(path: string) {
  save(openTabs.value.filter((tab) => tab.path === path || isPinned(tab.path)));
}

export function refreshTab(path: string) {
  refreshCounts.value = { ...refreshCounts.value, [path]: (refreshCounts.value[path] ?? 0) + 1 };
}

export function resetTabs() {
  openTabs.value = [workbenchTab()];
  refreshCounts.value = {};
}
