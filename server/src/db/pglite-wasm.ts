/**
 * PGlite's WebAssembly (9 MB), compiled once per process on V8's background threads. server.ts
 * starts it on its first line, so it compiles on the second core while the server's modules load
 * (issue 32: a later `npm start` within 3 s); every PGlite the process opens reuses the module.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

let compiling: Promise<WebAssembly.Module> | undefined;

export function pgliteWasm(): Promise<WebAssembly.Module> {
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm');
  compiling ??= readFile(file).then((bytes) => WebAssembly.compile(bytes));
  return compiling;
}
