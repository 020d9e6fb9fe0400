/**
 * The Plugins page (/plugins) in Chromium against the real server: it documents every element from
 * the custom-elements manifest the build wrote (dist/custom-elements.json, served under /dist/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer } from '../support/server';
import { createManifest, type ElementDeclaration, type ElementManifest } from '../../scripts/manifest.mjs';
import { launchChromium, openPage } from './host-helpers';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let browser: Browser;
let elements: ElementDeclaration[];

const declarationsOf = (manifest: ElementManifest) => manifest.modules.flatMap((module) => module.declarations);

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  const response = await fetch(`${server.url}/dist/custom-elements.json`);
  expect(response.status).toBe(200);
  elements = declarationsOf((await response.json()) as ElementManifest);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('plugins page', () => {
  it('the server serves the manifest of every element the source defines', async () => {
    const fromSource = declarationsOf(await createManifest()).map((element) => element.tagName);
    expect(elements.map((element) => element.tagName).sort()).toEqual(fromSource.sort());
  });

  it('serves the OpenAPI document for client generators at /dist/openapi.json', async () => {
    const built = await (await fetch(`${server.url}/dist/openapi.json`)).json();
    const served = await (await fetch(`${server.url}/api/docs/json`)).json();
    expect(Object.keys(built.paths).length).toBeGreaterThan(40);
    expect(Object.keys(built.paths).sort()).toEqual(Object.keys(served.paths).sort());
    expect(built.paths['/api/client/list'].post.summary).toBe(served.paths['/api/client/list'].post.summary);
  });

  it('shows each element with its title, description, own attributes and events, and the shared attributes once', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/plugins`);
    const shared = ['api-base', 'token'];
    for (const element of elements) {
      const section = page.getByTestId(`element-${element.tagName}`);
      await expect(section.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(`${element.title} <${element.tagName}>`);
      const text = (await section.textContent()) ?? '';
      expect(text).toContain(element.summary!.replace(/`/g, ''));
      expect(text).toContain(element.description.replace(/`/g, ''));
      for (const attribute of element.attributes!.filter((attribute) => !shared.includes(attribute.name))) expect(text, element.tagName).toContain(attribute.name);
      for (const event of element.events ?? []) expect(text, element.tagName).toContain(event.name);
      for (const name of shared) expect(text, element.tagName).not.toContain(name);
    }
    const common = page.getByRole('heading', { level: 2, name: '通用属性' }).locator('xpath=following-sibling::ul[1]');
    await expect(common.textContent()).resolves.toMatch(/api-base：门店管家服务地址.*token：已登录用户的令牌/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('copies a snippet for the chosen element: its script, its tag and sample attributes', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/plugins`);
    await page.getByRole('radio', { name: '全景车辆' }).click();
    const snippet = (await page.getByTestId('plugin-snippet').textContent()) ?? '';
    expect(snippet).toContain(`<script type="module" src="${server.url}/widgets/vehicle-panorama.js"></script>`);
    expect(snippet).toContain(`<garage-vehicle-panorama\n  api-base="${server.url}/api"\n  vehicle-id="1"\n></garage-vehicle-panorama>`);
    const script = await fetch(`${server.url}/widgets/vehicle-panorama.js`);
    expect(script.status).toBe(200);
    await context.close();
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const { page, context } = await openPage(browser, { width: 360, height: 740 });
    await page.goto(`${server.url}/plugins`);
    await page.getByTestId('element-garage-login').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
