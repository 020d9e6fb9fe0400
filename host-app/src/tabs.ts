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
  /** When it was last shown, as a count of pages shown in this browser tab: the least recently used closes first. */
  used: number;
}

const STORAGE_KEY = 'garage-host-tabs';

/**
 * At most this many tabs, the workbench included: opening one more closes the least recently used
 * (never the page being opened, never the workbench). Ten tabs of four to six characters fill
 * the bar once at 1440 px beside the menu (about 110 px each); more would scroll out of sight.
 */
export const MAX_TABS = 10;

function workbenchTab(): OpenTab {
  return { path: HOME_PATH, location: HOME_PATH, title: findPage(HOME_PATH)?.title ?? '', used: 0 };
}

function restore(): OpenTab[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as OpenTab[];
    const valid = Array.isArray(saved) ? saved.filter((tab) => tab && findPage(tab.path)?.showTab) : [];
    const restored = valid.filter((tab) => tab.path !== HOME_PATH).map((tab, index) => ({ ...tab, used: Number(tab.used) || index + 1 }));
    return [workbenchTab(), ...restored].slice(0, MAX_TABS);
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

/** Shows a page's tab, opening it if needed; the least recently used one closes past MAX_TABS. */
export function openTab(pathname: string, search: string) {
  const page = findPage(pathname);
  if (!page?.showTab) return;
  const location = `${page.path}${search}`;
  const tabs = openTabs.value;
  const used = Math.max(...tabs.map((tab) => tab.used)) + 1;
  const existing = tabs.find((tab) => tab.path === page.path);
  if (existing) {
    if (existing.location === location && existing.used === used - 1) return;
    save(tabs.map((tab) => (tab.path === page.path ? { ...tab, location, used } : tab)));
    return;
  }
  const opened = [...tabs, { path: page.path, location, title: page.title, used }];
  if (opened.length <= MAX_TABS) return save(opened);
  const oldest = opened.filter((tab) => !isPinned(tab.path)).reduce((least, tab) => (tab.used < least.used ? tab : least));
  save(opened.filter((tab) => tab !== oldest));
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
