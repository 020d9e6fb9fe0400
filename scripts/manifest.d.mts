/**
 * Types of scripts/manifest.mjs and of the part of dist/custom-elements.json we write (the
 * custom-elements manifest schema, plus `title`), for the tests, the Plugins page and Storybook.
 */
export interface ManifestEntry {
  name: string;
  description?: string;
  type?: { text: string };
}

export interface ElementDeclaration {
  kind: 'class';
  /** The React component's name. */
  name: string;
  tagName: string;
  customElement: true;
  /** Not in the schema: the element's short Chinese name (JSDoc `@title`). */
  title?: string;
  summary?: string;
  description: string;
  attributes?: (ManifestEntry & { fieldName: string })[];
  members?: (ManifestEntry & { kind: 'field' | 'method'; attribute?: string })[];
  events?: ManifestEntry[];
  slots?: ManifestEntry[];
  cssParts?: ManifestEntry[];
  cssProperties?: ManifestEntry[];
}

export interface ElementModule {
  kind: 'javascript-module';
  /** widgets/<feature>/index.ts */
  path: string;
  declarations: ElementDeclaration[];
  exports?: { kind: string; name: string; declaration: { name: string; module?: string } }[];
}

export interface ElementManifest {
  schemaVersion: string;
  modules: ElementModule[];
}

export function createManifest(files?: string[]): Promise<ElementManifest>;
export function writeManifest(outFile?: string): Promise<ElementManifest>;
export function widgetEntryFiles(): Promise<string[]>;
/** contracts/events.ts: event name → `CustomEvent<{ … }>` and its detail's description. */
export function eventContracts(file?: string): Map<string, { type: string; detail: string }>;
