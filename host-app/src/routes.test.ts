import { describe, expect, it } from 'vitest';
import {
  HOME_PATH, PUBLIC_PATHS, effectivePermission, findPage, homePages, isPublicPath, menu, protectedPages, redirects, sections,
} from './routes';
import { Permission } from './permissions';

const specHomeRoutes = [
  'workKanBan', 'clientKanBan', 'clientskanban', 'clientspano', 'clientsupload', 'potentialClient', 'pricing',
  'sysPackage', 'externalmanage', 'tagmanage', 'statistic', 'dataReport', 'kpi', 'insurance',
];

describe('route table', () => {
  it('has every page of spec section 2 under /home', () => {
    expect(homePages.map((page) => page.path.replace('/home/', '')).sort()).toEqual([...specHomeRoutes].sort());
  });

  it('has the children of organization, sms and shop with the spec redirects', () => {
    const byPath = Object.fromEntries(sections.map((section) => [section.path, section]));
    expect(byPath['/home/organization'].children.map((c) => c.path.split('/').pop())).toEqual([
      'featureIntro', 'helpCenter', 'metricsTree', 'storeBasics', 'organizationalStructure', 'metricsLib', 'jobPool',
      'settings', 'userAuth', 'customerOperations', 'insuranceRates',
    ]);
    expect(byPath['/home/organization'].redirectTo).toBe('userAuth');
    expect(byPath['/home/sms'].children.map((c) => c.path.split('/').pop()).sort()).toEqual(['clientGroup', 'smsBuy', 'smsWork']);
    expect(byPath['/home/shop'].children.map((c) => c.path.split('/').pop()).sort()).toEqual(
      ['smsMall', 'webPhone', 'enterprise-wechat', 'insurance-analysis', 'customer-analysis', 'insurance-quote', 'insurance-import'].sort(),
    );
    expect(byPath['/home/shop'].redirectTo).toBe('smsMall');
  });

  it('redirects /, /workKanban and /home as the spec says', () => {
    expect(redirects).toEqual([
      { from: '/', to: '/login' },
      { from: '/workKanban', to: HOME_PATH },
      { from: '/home', to: HOME_PATH },
    ]);
  });

  it('gives every page a Chinese title and a description', () => {
    for (const page of protectedPages) {
      expect(page.title, page.path).toMatch(/[\u4e00-\u9fa5]/);
      expect(page.description, page.path).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('lets only /, /login, /privacy, /terms and /plugins through without a token', () => {
    expect(PUBLIC_PATHS).toEqual(['/', '/login', '/privacy', '/terms', '/plugins']);
    expect(isPublicPath('/Login/')).toBe(true);
    expect(isPublicPath('/helps')).toBe(false);
    expect(protectedPages.some((page) => isPublicPath(page.path))).toBe(false);
  });

  it('finds pages case-insensitively, like the router', () => {
    expect(findPage('/home/workkanban')?.title).toBe('工作台');
    expect(findPage('/home/clientKanBan')?.title).toBe('智慧大屏');
    expect(findPage('/home/clientskanban')?.title).toBe('客户看板');
  });

  it('guards a section child by its own permission, else by the section', () => {
    expect(effectivePermission('/home/shop/insurance-quote')).toBe(Permission.insurance);
    expect(effectivePermission('/home/shop/smsMall')).toBe(Permission.mall);
    expect(effectivePermission('/home/organization/jobPool')).toBe(Permission.settingsCentre);
    expect(effectivePermission('/home/externalmanage')).toBeUndefined();
  });

  it('opens 功能介绍 and 帮助中心 to every signed-in user, inside the guarded settings centre', () => {
    expect(effectivePermission('/home/organization/featureIntro')).toBeUndefined();
    expect(effectivePermission('/home/organization/helpCenter')).toBeUndefined();
    expect(effectivePermission('/home/organization/settings')).toBe(Permission.settingsCentre);
    expect(effectivePermission('/home/organization')).toBe(Permission.settingsCentre);
  });

  it('groups the menu by area and only links to existing pages', () => {
    expect(menu.map((group) => group.title)).toEqual(['工作台', '客户', '营销', '保险', '数据', '设置', '商城']);
    for (const entry of menu.flatMap((group) => group.entries)) {
      expect(findPage(entry.path) ?? sections.find((s) => s.path === entry.path), entry.path).toBeTruthy();
    }
  });
});
