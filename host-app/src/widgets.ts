/**
 * Loads feature widgets from widgets/<folder>/index.ts. The glob is resolved at build time, so a
 * folder that does not exist yet is simply absent; each widget becomes its own lazily loaded chunk.
 */
const widgetModules = import.meta.glob(['../../widgets/*/index.ts', '!../../widgets/core/index.ts']);

function moduleKey(folder: string) {
  return `../../widgets/${folder}/index.ts`;
}

/** Resolves true when the folder's module loaded and registered `tag`. */
export async function loadWidget(folder: string, tag: string): Promise<boolean> {
  const load = widgetModules[moduleKey(folder)];
  if (!load) return customElements.get(tag) !== undefined;
  await load();
  return customElements.get(tag) !== undefined;
}
