// Written by hand: `storybook init` fetches packages this machine's registry does not serve.
import type { StorybookConfig } from '@storybook/react-vite';
import { createManifest, widgetEntryFiles } from '../scripts/manifest.mjs';

const MANIFEST_ID = 'virtual:garage-custom-elements';

/** The custom-elements manifest, generated from the widgets' source as the build does, for preview.ts. */
function customElementsManifest() {
  return {
    name: 'garage-custom-elements-manifest',
    resolveId: (id: string) => (id === MANIFEST_ID ? `\0${MANIFEST_ID}` : null),
    async load(this: { addWatchFile(file: string): void }, id: string) {
      if (id !== `\0${MANIFEST_ID}`) return null;
      const files = await widgetEntryFiles();
      for (const file of files) this.addWatchFile(new URL(`../${file}`, import.meta.url).pathname);
      return `export default ${JSON.stringify(await createManifest(files))};`;
    },
  };
}

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  // The widgets' Shoelace icons, where the core looks for them when unbuilt (configure().assetBase).
  staticDirs: [{ from: '../node_modules/@shoelace-style/shoelace/dist/assets', to: '/widgets/shoelace/assets' }],
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => ({ ...viteConfig, plugins: [...(viteConfig.plugins ?? []), customElementsManifest()] }),
};

export default config;
