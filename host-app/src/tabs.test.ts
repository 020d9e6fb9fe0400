// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { closeOtherTabs, closeTab, openTab, openTabs, refreshCounts, refreshTab, resetTabs } from './tabs';

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

  it('keeps opened tabs in sessionStorage, which logout wipes', () => {
    openTab('/home/kpi', '');
    expect(sessionStorage.getItem('garage-host-tabs')).toContain('/home/kpi');
  });
});
