/**
 * The widget build (scripts/build-widgets.mjs) for tests and benches that need a build of their
 * own (a few features, an extra entry, a build without preact/compat), typed once here.
 */
import path from 'node:path';
import type { BuildOptions, Plugin } from 'rolldown';

export interface WidgetBuildOptions {
  outDir?: string;
  features?: string[];
  extraInputs?: Record<string, string>;
  plugins?: Plugin[];
}

export interface WidgetBuild {
  createConfig(options?: WidgetBuildOptions): BuildOptions;
  createStandaloneConfig(options?: { outDir?: string; feature?: string }): BuildOptions;
  /** Runs one build and writes its output. */
  bundle(config: BuildOptions): Promise<void>;
  /** The main build, then the standalone ones among `features`. */
  buildWidgets(options?: { outDir?: string; features?: string[] }): Promise<void>;
  widgetFeatures(): string[];
  STANDALONE_WIDGETS: string[];
}

export function widgetBuild(): Promise<WidgetBuild> {
  return import(path.resolve(import.meta.dirname, '../../scripts/build-widgets.mjs')) as Promise<WidgetBuild>;
}

/** The same config without the preact/compat alias, i.e. on React 19 (the benches' comparison). */
export function onReact(config: BuildOptions): BuildOptions {
  return { ...config, plugins: (config.plugins as Plugin[]).filter((plugin) => plugin.name !== 'garage-preact-compat') };
}
