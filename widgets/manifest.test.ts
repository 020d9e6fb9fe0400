// @vitest-environment happy-dom
/**
 * The custom-elements manifest (scripts/manifest.mjs → dist/custom-elements.json) against the
 * elements the widgets really register: a widget without JSDoc on its define() call, or with an
 * attribute the manifest does not know, fails here.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createManifest, eventContracts, widgetEntryFiles, type ElementDeclaration } from '../scripts/manifest.mjs';

interface Registered {
  tag: string;
  file: string;
  observedAttributes: string[];
}

const registered: Registered[] = [];
let declarations: Map<string, ElementDeclaration & { module: string }>;

beforeAll(async () => {
  vi.stubGlobal('fetch', async () => new Response('<svg xmlns="http://www.w3.org/2000/svg"></svg>', { headers: { 'content-type': 'image/svg+xml' } }));
  const files = await widgetEntryFiles();
  const define = customElements.define.bind(customElements);
  let loading = '';
  // Records which file registers which tag, and registers it as usual.
  vi.spyOn(customElements, 'define').mockImplementation((tag, constructor, options) => {
    const observed = (constructor as unknown as { observedAttributes?: string[] }).observedAttributes ?? [];
    registered.push({ tag, file: loading, observedAttributes: [...observed] });
    define(tag, constructor, options);
  });
  for (const file of files) {
    loading = file;
    await import(/* @vite-ignore */ `../${file}`);
  }
  vi.restoreAllMocks();
  vi.unstubAllGlobals();

  const manifest = await createManifest(files);
  declarations = new Map(
    manifest.modules.flatMap((module) => module.declarations.map((declaration) => [declaration.tagName, { ...declaration, module: module.path }] as const)),
  );
}, 120_000);

describe('custom-elements manifest', () => {
  it('has every registered element, and no element that is not registered', () => {
    const ourTags = registered.map((element) => element.tag).filter((tag) => tag.startsWith('garage-'));
    expect(ourTags.length).toBeGreaterThanOrEqual(10);
    expect([...declarations.keys()].sort()).toEqual([...new Set(ourTags)].sort());
  });

  it('describes each element: Chinese title, summary and description, from the file that registers it', () => {
    for (const { tag, file } of registered.filter((element) => element.tag.startsWith('garage-'))) {
      const declaration = declarations.get(tag)!;
      expect(declaration.module, tag).toBe(file);
      expect(declaration.title, `${tag}: @title`).toMatch(/\p{Script=Han}/u);
      expect(declaration.summary, `${tag}: @summary`).toMatch(/\p{Script=Han}/u);
      expect(declaration.description, `${tag}: JSDoc text`).toMatch(/\p{Script=Han}/u);
    }
  });

  it('lists exactly the attributes the element observes, each described and typed', () => {
    for (const { tag, observedAttributes } of registered.filter((element) => element.tag.startsWith('garage-'))) {
      const attributes = declarations.get(tag)!.attributes ?? [];
      expect(attributes.map((attribute) => attribute.name).sort(), tag).toEqual([...observedAttributes].sort());
      expect(observedAttributes, tag).toEqual(expect.arrayContaining(['api-base', 'token']));
      for (const attribute of attributes) {
        expect(attribute.description, `${tag} ${attribute.name}`).toMatch(/\p{Script=Han}/u);
        expect(attribute.type?.text, `${tag} ${attribute.name}`).toBeTruthy();
      }
    }
  });

  it('documents the events a widget fires and the phone bar’s public method', () => {
    const eventsOf = (tag: string) => declarations.get(tag)!.events?.map((event) => event.name);
    expect(eventsOf('garage-customer-list')).toEqual(['garage-navigate', 'garage-call']);
    expect(eventsOf('garage-login')).toEqual(['garage-logged-in', 'garage-navigate']);
    expect(declarations.get('garage-customer-list')!.events![0].type?.text).toBe('CustomEvent<{ path: string }>');
    expect(declarations.get('garage-login')!.events![0].type?.text).toBe('CustomEvent<{ token: string; userId: string; nickName: string; garageId: string }>');
    const phoneBar = declarations.get('garage-phone-bar')!;
    expect(phoneBar.members?.filter((member) => member.kind === 'method').map((member) => member.name)).toEqual(['call']);
    expect(typeof (document.createElement('garage-phone-bar') as HTMLElement & { call?: unknown }).call).toBe('function');
  });

  it('documents only events of contracts/events.ts, each with the contract’s detail type', () => {
    const contracts = eventContracts();
    expect([...contracts.keys()]).toEqual(expect.arrayContaining(['garage-navigate', 'garage-logged-in', 'garage-logged-out', 'garage-call']));
    for (const [tag, declaration] of declarations) {
      for (const event of declaration.events ?? []) {
        expect(contracts.has(event.name), `${tag} fires ${event.name}`).toBe(true);
        expect(event.type?.text, `${tag} ${event.name}`).toBe(contracts.get(event.name)!.type);
        expect(event.description, `${tag} ${event.name}`).toMatch(/\p{Script=Han}/u);
      }
    }
  });
});
