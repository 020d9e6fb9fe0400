import { describe, expect, it } from 'vitest';
import {
  HOME_PATH, PUBLIC_PATHS, effectivePermission, findPage, homePages, isPublicPath, menu, menuGroupOf, protectedPages, redirects,
  sectionStrip, sections,
} from './routes';
import { Permission } from './permissions';
import { starterRole } from '../../contracts/permissions';

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
      'settings', 'phoneLines', 'userAuth', 'customerOperations', 'insuranceRates',
    ]);
    expect(byPath['/home/organization'].redirectTo).toBe('userAuth');
    expect(byPath['/home/sms'].children.map((c) => c.path.split('/').pop()).sort()).toEqual(
      ['clientGroup', 'smsBuy', 'smsConsent', 'smsOptOut', 'smsRecord', 'smsTemplate', 'smsWork'],
    );
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

describe('navigation: every page has one place', () => {
  const menuPaths = menu.flatMap((group) => group.entries.map((entry) => entry.path));
  const stripPaths = sections.flatMap((section) => sectionStrip(section).map((page) => page.path));

  it('lists a page in the menu or in its section strip, never both, and every page in one of them', () => {
    expect(new Set(menuPaths).size).toBe(menuPaths.length);
    expect(menuPaths.filter((path) => stripPaths.includes(path))).toEqual([]);
    const sectionEntries = sections.filter((section) => menuPaths.includes(section.path));
    const reachable = new Set([...menuPaths, ...sectionEntries.flatMap((section) => sectionStrip(section).map((page) => page.path))]);
    const indexes = sections.map((section) => section.index?.path);
    const unreachable = protectedPages.filter((page) => !reachable.has(page.path) && !indexes.includes(page.path) && page.path !== '/helps');
    expect(unreachable.map((page) => page.path)).toEqual([]);
  });

  it('puts the insurance pages under 保险, not under the 项目商城 strip', () => {
    const insurance = menu.find((group) => group.title === '保险')!.entries.map((entry) => entry.title);
    expect(insurance).toEqual(['保险查询', '保险报价', '保险分析', '批量导入保单', '保险公司费率']);
    for (const path of ['/home/shop/insurance-quote', '/home/shop/insurance-analysis', '/home/shop/insurance-import', '/home/organization/insuranceRates']) {
      expect(menuGroupOf(path), path).toBe('保险');
    }
    const shop = sections.find((section) => section.path === '/home/shop')!;
    expect(sectionStrip(shop).map((page) => page.title)).toEqual(['短信商城', '网络电话', '企业微信']);
  });

  it('lists 客户分析 under 客户', () => {
    expect(menu.find((group) => group.title === '客户')!.entries.map((entry) => entry.title)).toContain('客户分析');
    expect(menuGroupOf('/home/shop/customer-analysis')).toBe('客户');
    // Guarded as its server calls are (数据), not by the mall it is bought in.
    expect(effectivePermission('/home/shop/customer-analysis')).toBe(Permission.dataAnalytics);
  });

  it('puts month end under 数据 and lets whoever reads the figures open 指标树 and 客户运营 (issue 33: a store manager reads their targets and the stage days)', () => {
    expect(menu.find((group) => group.title === '数据')!.entries.map((entry) => entry.title)).toEqual(['诊断表', '数据报表', '数据统计', '指标树']);
    expect(menuGroupOf('/home/organization/customerOperations')).toBe('客户');
    for (const path of ['/home/organization/metricsTree', '/home/organization/customerOperations']) {
      expect(effectivePermission(path), path).toBe(Permission.dataAnalytics);
    }
    // The store manager's starter role has 数据, not 设置中心.
    const manager = starterRole('store_manager');
    expect(manager.permissions).toContain(Permission.dataAnalytics);
    expect(manager.permissions).not.toContain(Permission.settingsCentre);
  });

  it('gives the SMS pages one level: each part of 短信营销 is a menu entry and no SMS page has a strip', () => {
    expect(menu.find((group) => group.title === '营销')!.entries.map((entry) => entry.title)).toEqual(
      ['短信营销', '短信模板', '发送记录', '退订名单', '授权来源', '客户分组', '短信购买'],
    );
    expect(sectionStrip(sections.find((section) => section.path === '/home/sms')!)).toEqual([]);
    // 短信营销's own tab strip is off on every page of it: each names its part.
    const views = protectedPages.filter((page) => page.widget?.tag === 'garage-sms-marketing').map((page) => page.widget?.attributes?.view);
    expect(views).toEqual(['send', 'templates', 'records', 'optOuts', 'consents']);
  });

  it('names the menu area of a strip page after its section entry', () => {
    expect(menuGroupOf('/home/organization/jobPool')).toBe('设置');
    expect(menuGroupOf('/home/shop/webPhone')).toBe('商城');
  });
});
