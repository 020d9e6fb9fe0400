/**
 * The product tour (contracts/feature-tour.ts) against what exists: each 去使用 page is in the
 * route table with the permission the tour names, an area said to work has its page's widget
 * built and one still 即将上线 has not (so the tour cannot promise, or hide, a page), and each
 * 查看使用帮助 names an article of docs/help/.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_AREAS, featureStatus } from '../../contracts/feature-tour';
import { effectivePermission, findPage } from './routes';

const root = path.resolve(import.meta.dirname, '../..');
const widgetBuilt = (folder: string) => existsSync(path.join(root, 'widgets', folder, 'index.ts'));

describe('功能介绍 follows the route table', () => {
  it('covers the areas of the product', () => {
    expect(FEATURE_AREAS.map((area) => area.title)).toEqual(['客户', '短信营销', '保险', '工作台与数据', '设置中心', '商城', '企业微信', '网络电话']);
  });

  for (const area of FEATURE_AREAS) {
    it(`${area.title}: its page, permission, status and help article are real`, () => {
      if (area.path) {
        const page = findPage(area.path);
        expect(page, area.path).toBeDefined();
        // The tour may add a permission to an open page (网络电话 on the customer list), never contradict one.
        const guard = effectivePermission(area.path);
        if (guard !== undefined) expect(area.permission).toBe(guard);
        const built = page!.widget ? widgetBuilt(page!.widget.folder) : true;
        expect(built, `${area.title}: ${featureStatus(area)} but ${area.path} ${built ? 'is built' : 'shows 即将上线'}`).toBe(featureStatus(area) !== 'soon');
      }
      if (area.helpSlug) expect(existsSync(path.join(root, 'docs/help', `${area.helpSlug}.md`)), area.helpSlug).toBe(true);
      expect(area.available.length + area.coming.length).toBeGreaterThan(0);
    });
  }
});
