// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_TABS, closeOtherTabs, closeTab, openTab, openTabs, refreshCounts, refreshTab, resetTabs } from './tabs';

describe('tab bar state', () => {
  beforeEach(() => {
    sessionStorage.clear();
    resetTabs();
  });

  it('starts with the pinned workbench and opens each page once, keeping its latest query', () => {
    openTab('/home/externalmanage', '');
    openTab('/home/externalmanage', '?page=2');
    openTab('/home/tagmanage', '');
    expect(openTabs.value.map((tab) => tab.title)).toEqual(['工作台', '客户列表', '标签管理']);
    expect(openTabs.value[1].location).toBe('/home/externalmanage?page=2');
  });

  it('ignores pages without the show-tab flag and unknown paths', () => {
    openTab('/home/clientKanBan', '');
    openTab('/home/nowhere', '');
    expect(openTabs.value).toHaveLength(1);
  });

  it('closing the active tab leads to its left neighbour; the workbench cannot be closed', () => {
    openTab('/home/externalmanage', '');
    openTab('/home/tagmanage', '');
    expect(closeTab('/home/tagmanage')).toBe('/home/externalmanage');
    expect(closeTab('/home/workKanBan')).toBe('/home/workKanBan');
    expect(openTabs.value.map((tab) => tab.path)).toEqual(['/home/workKanBan', '/home/externalmanage']);
  });

  it('close others keeps the current tab and the workbench', () => {
    openTab('/home/externalmanage', '');
    openTab('/home/tagmanage', '');
    openTab('/home/kpi', '');
    closeOtherTabs('/home/tagmanage');
    expect(openTabs.value.map((tab) => tab.path)).toEqual(['/home/workKanBan', '/home/tagmanage']);
  });

  it('refresh bumps the page counter so the page remounts', () => {
    refreshTab('/home/kpi');
    refreshTab('/home/kpi');
    expect(refreshCounts.value['/home/kpi']).toBe(2);
  });

  it(`keeps at most ${MAX_TABS} tabs: one more closes the least recently used, never the workbench or the page opened`, () => {
    const pages = [
      '/home/externalmanage', '/home/tagmanage', '/home/kpi', '/home/dataReport', '/home/statistic',
      '/home/insurance', '/home/clientskanban', '/home/clientspano', '/home/pricing',
    ];
    for (const path of pages) openTab(path, '');
    expect(openTabs.value).toHaveLength(MAX_TABS);
    // 客户列表 was used again, so 标签管理 is now the least recently used (the workbench is pinned).
    openTab('/home/workKanBan', '');
    openTab('/home/externalmanage', '?page=3');
    openTab('/home/sysPackage', '');
    const paths = openTabs.value.map((tab) => tab.path);
    expect(paths).toHaveLength(MAX_TABS);
    expect(paths).not.toContain('/home/tagmanage');
    expect(paths).toEqual(expect.arrayContaining(['/home/workKanBan', '/home/externalmanage', '/home/sysPackage']));
    // The order on the bar stays the order of opening.
    expect(paths.indexOf('/home/sysPackage')).toBe(MAX_TABS - 1);
    openTab('/home/clientsupload', '');
    expect(openTabs.value.map((tab) => tab.path)).not.toContain('/home/kpi');
  });

  it('a reload keeps the recency, so the tab closed next is still the least recently used', () => {
    openTab('/home/externalmanage', '');
    openTab('/home/tagmanage', '');
    openTab('/home/externalmanage', '?page=2');
    const saved = JSON.parse(sessionStorage.getItem('garage-host-tabs')!) as { path: string; used: number }[];
    const used = Object.fromEntries(saved.map((tab) => [tab.path, tab.used]));
    expect(used['/home/externalmanage']).toBeGreaterThan(used['/home/tagmanage']);
  });

  it('keeps opened tabs in sessionStorage, which logout wipes', () => {
    openTab('/home/kpi', '');
    expect(sessionStorage.getItem('garage-host-tabs')).toContain('/home/kpi');
  });
});
