/**
 * The server project's global setup: the server bundled as `npm start` runs it
 * (scripts/bundle-server.mjs), into a folder of this run's own (two passes of `npm test` run at once), for the tests that start the server
 * as a process of its own (tests/support/child-server.ts reads SERVER_BUNDLE_DIR).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bundleServer, SERVER_BUNDLE_DIR } from '../../scripts/bundle-server.mjs';

export default async function setup(): Promise<() => void> {
  // Inside the checkout: the bundle imports its npm packages from node_modules beside it.
  mkdirSync(SERVER_BUNDLE_DIR, { recursive: true });
  const dir = mkdtempSync(path.join(SERVER_BUNDLE_DIR, 'test-'));
  await bundleServer(dir);
  // Workers start after the global setup and inherit this process's environment.
  process.env.SERVER_BUNDLE_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
