/**
 * Storybook's argTypes from the custom-elements manifest (the role setCustomElementsManifest plays
 * for @storybook/web-components): a story names its element with `parameters.customElement` and gets
 * a documented control per attribute (keyed by property, so React sets JSON ones as objects) and an
 * action per event (`on<event>`, which React 19 adds as a listener on a custom element).
 */
import type { ArgTypes, Preview } from '@storybook/react-vite';
import type { ElementManifest } from '../scripts/manifest.mjs';

type ArgTypesEnhancer = NonNullable<Preview['argTypesEnhancers']>[number];

/** Attribute type in the manifest → Storybook's control and type (enhancers get no shorthand normalising). */
const CONTROLS: Record<string, { control: 'text' | 'number' | 'boolean' | 'object'; type: 'string' | 'number' | 'boolean' | 'object' }> = {
  string: { control: 'text', type: 'string' },
  number: { control: 'number', type: 'number' },
  boolean: { control: 'boolean', type: 'boolean' },
  'object (JSON)': { control: 'object', type: 'object' },
};

export function argTypesOf(manifest: ElementManifest, tag: string): ArgTypes {
  const element = manifest.modules.flatMap((module) => module.declarations).find((declaration) => declaration.tagName === tag);
  if (!element) throw new Error(`${tag} is not in the custom-elements manifest (JSDoc on its define() call?)`);
  const argTypes: ArgTypes = {};
  for (const attribute of element.attributes ?? []) {
    const { control, type } = CONTROLS[attribute.type?.text ?? ''] ?? CONTROLS.string;
    argTypes[attribute.fieldName] = {
      name: attribute.name,
      description: attribute.description,
      control: { type: control },
      type: type === 'object' ? { name: 'object', value: {} } : { name: type },
      table: { category: '属性', type: { summary: attribute.type?.text ?? '' } },
    };
  }
  for (const event of element.events ?? []) {
    argTypes[`on${event.name}`] = {
      name: event.name,
      description: event.description,
      action: event.name,
      control: false,
      table: { category: '事件', type: { summary: event.type?.text ?? 'CustomEvent' } },
    };
  }
  for (const part of element.cssParts ?? []) {
    argTypes[`part:${part.name}`] = { name: part.name, description: part.description, control: false, table: { category: 'CSS parts' } };
  }
  return argTypes;
}

/** Manifest argTypes under the story's own (a story may hide or override one). */
export function customElementArgTypes(manifest: ElementManifest): ArgTypesEnhancer {
  return ({ parameters, argTypes }) => {
    const tag = parameters.customElement as string | undefined;
    if (!tag) return argTypes;
    const fromManifest = argTypesOf(manifest, tag);
    const merged: ArgTypes = { ...fromManifest, ...argTypes };
    for (const key of Object.keys(argTypes)) if (fromManifest[key]) merged[key] = { ...fromManifest[key], ...argTypes[key] };
    return merged;
  };
}
