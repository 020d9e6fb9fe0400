/** Bundles the test callee (tests/kamailio/callee.ts, with JsSIP) into one browser script. */
import { build } from 'esbuild';
import path from 'node:path';

let cached: Promise<string> | null = null;

export function calleeScript(): Promise<string> {
  cached ??= build({
    entryPoints: [path.join(import.meta.dirname, 'callee.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0].text);
  return cached;
}

/** A page at a secure origin (getUserMedia needs one) that runs the callee script. */
export async function calleePageHtml(): Promise<string> {
  return `<!doctype html><meta charset="utf-8"><title>callee</title><script>${(await calleeScript()).replace(/<\/script/g, '<\\/script')}</script>`;
}
