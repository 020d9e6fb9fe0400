/** The custom-elements manifest, generated from the widgets' source when Storybook starts (main.ts). */
declare module 'virtual:garage-custom-elements' {
  import type { ElementManifest } from '../scripts/manifest.mjs';
  const manifest: ElementManifest;
  export default manifest;
}
