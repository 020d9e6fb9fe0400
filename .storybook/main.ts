// Written by hand: `storybook init` fetches packages this machine's registry does not serve.
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  // The widgets' Shoelace icons, where the core looks for them when unbuilt (configure().assetBase).
  staticDirs: [{ from: '../node_modules/@shoelace-style/shoelace/dist/assets', to: '/widgets/shoelace/assets' }],
  core: { disableTelemetry: true },
};

export default config;
