// The custom-elements manifest (dist/custom-elements.json): one entry per widget, read from the
// JSDoc on its define('garage-…', Component, { props }) call in widgets/<feature>/index.ts.
// The analyzer understands classes; our elements are React components that define() turns into
// classes at run time, so a small analyzer plugin reads the define() calls instead (docs/DECISIONS.md).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, ts } from '@custom-elements-manifest/analyzer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFINE_FUNCTIONS = new Set(['define', 'defineWithoutTheme']);
/** Where the attributes every element accepts are declared, with their JSDoc. */
const SHARED_PROPS_FILE = 'widgets/core/element.tsx';
/** Every event name and its detail type (interface GarageEvents), shared by widgets and docs. */
const EVENTS_FILE = 'contracts/events.ts';
/** PropType (widgets/core/element.tsx) → the attribute's type as an embedder writes it. */
const ATTRIBUTE_TYPES = { string: 'string', number: 'number', boolean: 'boolean', json: 'object (JSON)' };

const kebab = (name) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** A comment's lines as one paragraph: Chinese joins without a space, other words with one. */
function unwrap(comment) {
  const text = (ts.getTextOfJSDocComment(comment) ?? '').trim();
  return text.replace(/(.)\s*\n\s*(.)/g, (_, before, after) => (/[\u3000-\u9fff\uff00-\uffef]/.test(before + after) ? before + after : `${before} ${after}`));
}

/** The last JSDoc block of a node: its text and its tags (TypeScript keeps unknown tags' text). */
function jsDocOf(node) {
  const block = node.jsDoc?.at(-1);
  if (!block) return { description: '', tags: [] };
  return {
    description: unwrap(block.comment),
    tags: (block.tags ?? []).map((tag) => ({ tag: tag.tagName.text, text: unwrap(tag.comment) })),
  };
}

/** `{Type} name - description` (type and dash optional), as in Shoelace's @event and @csspart. */
function typedName(text) {
  let rest = text;
  let type;
  if (rest.startsWith('{')) {
    let depth = 0;
    let end = 0;
    for (; end < rest.length; end++) {
      if (rest[end] === '{') depth++;
      else if (rest[end] === '}' && --depth === 0) break;
    }
    type = rest.slice(1, end).trim();
    rest = rest.slice(end + 1).trim();
  }
  const [, name = '', description = ''] = rest.match(/^(\S+)\s*(?:-\s+)?([\s\S]*)$/) ?? [];
  return { name, ...(type ? { type: { text: type } } : {}), description: description.trim() };
}

/** `{ storeId: 'string', … }` with a JSDoc line on each entry → [{ name, propType, description }]. */
function propsOf(objectLiteral) {
  if (!objectLiteral || !ts.isObjectLiteralExpression(objectLiteral)) return [];
  return objectLiteral.properties.filter(ts.isPropertyAssignment).map((property) => ({
    name: property.name.getText(),
    propType: ts.isStringLiteral(property.initializer) ? property.initializer.text : 'json',
    description: jsDocOf(property).description,
  }));
}

function optionsProps(options) {
  if (!options || !ts.isObjectLiteralExpression(options)) return [];
  const props = options.properties.find((property) => ts.isPropertyAssignment(property) && property.name.getText() === 'props');
  return props ? propsOf(props.initializer) : [];
}

/** `const SHARED_PROPS = { apiBase: 'string', token: 'string' }` in element.tsx. */
export function sharedProps(file = path.join(root, SHARED_PROPS_FILE)) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  let found = [];
  source.forEachChild(function visit(node) {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'SHARED_PROPS') found = propsOf(node.initializer);
    else node.forEachChild(visit);
  });
  return found;
}

/** A detail interface as an embedder reads it: `{ path: string }`, members without their comments. */
function detailText(declaration) {
  const members = declaration.members.map((member) => member.getText().replace(/\s*;$/, ''));
  return members.length ? `{ ${members.join('; ')} }` : '{}';
}

/**
 * contracts/events.ts → Map(event name → `CustomEvent<{ … }>` and the description of its detail):
 * what each element's `@fires` is documented with, so the manifest cannot drift from the code.
 */
export function eventContracts(file = path.join(root, EVENTS_FILE)) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const interfaces = new Map();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const events = new Map();
  for (const member of interfaces.get('GarageEvents')?.members ?? []) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const name = member.name.getText().replace(/^['"]|['"]$/g, '');
    const detail = ts.isTypeReferenceNode(member.type) ? interfaces.get(member.type.typeName.getText()) : undefined;
    events.set(name, {
      type: `CustomEvent<${detail ? detailText(detail) : member.type.getText()}>`,
      detail: detail ? jsDocOf(detail).description : '',
    });
  }
  return events;
}

/** The analyzer plugin: a custom-element declaration (and its definition) per define() call. */
export function defineCallsPlugin(shared = sharedProps(), events = eventContracts()) {
  return {
    name: 'garage-define-calls',
    analyzePhase({ node, moduleDoc }) {
      if (!ts.isExpressionStatement(node) || !ts.isCallExpression(node.expression)) return;
      const call = node.expression;
      if (!ts.isIdentifier(call.expression) || !DEFINE_FUNCTIONS.has(call.expression.text)) return;
      const [tagArgument, componentArgument, options] = call.arguments;
      if (!tagArgument || !ts.isStringLiteral(tagArgument) || !componentArgument) return;

      const tagName = tagArgument.text;
      const name = componentArgument.getText();
      const { description, tags } = jsDocOf(node);
      const tagged = (...names) => tags.filter((tag) => names.includes(tag.tag));
      const text = (tagName) => tagged(tagName)[0]?.text;
      const props = [...optionsProps(options), ...shared];

      const declaration = {
        kind: 'class',
        name,
        tagName,
        customElement: true,
        // Not in the schema: the element's short Chinese name, for the Plugins page and Storybook.
        ...(text('title') ? { title: text('title') } : {}),
        ...(text('summary') ? { summary: text('summary') } : {}),
        description,
        attributes: props.map((prop) => ({
          name: kebab(prop.name),
          fieldName: prop.name,
          type: { text: ATTRIBUTE_TYPES[prop.propType] ?? prop.propType },
          description: prop.description,
        })),
        members: [
          ...props.map((prop) => ({
            kind: 'field',
            name: prop.name,
            attribute: kebab(prop.name),
            type: { text: ATTRIBUTE_TYPES[prop.propType] ?? prop.propType },
            description: prop.description,
          })),
          ...tagged('method').map((tag) => ({ kind: 'method', ...typedName(tag.text) })),
        ],
        // The detail's type is the contract's, whatever the JSDoc says: one source of truth.
        events: tagged('fires', 'event').map((tag) => {
          const event = typedName(tag.text);
          const contract = events.get(event.name);
          return contract ? { ...event, type: { text: contract.type } } : event;
        }),
        slots: tagged('slot').map((tag) => typedName(tag.text)),
        cssParts: tagged('csspart', 'part').map((tag) => typedName(tag.text)),
        cssProperties: tagged('cssprop', 'cssproperty').map((tag) => typedName(tag.text)),
      };
      moduleDoc.declarations.push(declaration);
      moduleDoc.exports.push({ kind: 'custom-element-definition', name: tagName, declaration: { name, module: moduleDoc.path } });
    },
  };
}

/** widgets/<feature>/index.ts of every feature the build bundles, relative to the repository. */
export async function widgetEntryFiles() {
  const { widgetFeatures } = await import('./build-widgets.mjs');
  return widgetFeatures().map((feature) => `widgets/${feature}/index.ts`);
}

/** The manifest as an object; only modules that define an element are kept. */
export async function createManifest(files) {
  const modules = (files ?? (await widgetEntryFiles())).map((file) =>
    ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.ES2022, true),
  );
  const manifest = create({ modules, plugins: [defineCallsPlugin()] });
  manifest.modules = manifest.modules.filter((module) => module.declarations.some((declaration) => declaration.customElement));
  return manifest;
}

export async function writeManifest(outFile = path.join(root, 'dist', 'custom-elements.json')) {
  const manifest = await createManifest();
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outFile = process.argv[2] && path.resolve(process.argv[2]);
  const manifest = await writeManifest(outFile);
  console.log(`✓ ${path.relative(root, outFile ?? path.join(root, 'dist', 'custom-elements.json'))} (${manifest.modules.length} elements)`);
}
