/** Types of scripts/bundle-server.mjs for the TypeScript test helpers. */
export const SERVER_BUNDLE_DIR: string;
export function serverBundleStale(): boolean;
export function bundleServer(outdir?: string): Promise<void>;
