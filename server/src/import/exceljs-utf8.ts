/**
 * Fix for exceljs 4.4's streaming reader: its XML reader (lib/utils/parse-sax.js) decodes every
 * unzipped chunk on its own (`TextDecoder.decode(chunk)` without `stream: true`), so a Chinese
 * character whose 3 UTF-8 bytes straddle two chunks becomes "���" — in real files, a few names or
 * plates per 10,000 rows (seen in tests: 沪B05681 read as ���B05681). We put a copy of that
 * module with a per-stream decoder into Node's module cache before exceljs loads it.
 *
 * Uploads are no longer read with exceljs (import/xlsx-read.ts), but tests and tools read xlsx with
 * it, in the server's process too: import this module before 'exceljs' everywhere exceljs is used
 * (import/xlsx.ts, tests/support/import-files.ts…). It refuses to run if exceljs's reader is
 * already loaded without it.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const exceljsRequire = createRequire(require.resolve('exceljs'));
const parseSaxFile = exceljsRequire.resolve('./lib/utils/parse-sax.js');

type Event = { eventType: 'opentag' | 'text' | 'closetag'; value: unknown };

if (!require.cache[parseSaxFile]) {
  const { SaxesParser } = exceljsRequire('saxes') as { SaxesParser: new () => { on(event: string, fn: (value: unknown) => void): void; write(text: string): void } };
  const { PassThrough } = exceljsRequire('readable-stream') as typeof import('node:stream');

  async function* parseSax(input: AsyncIterable<Buffer | string> & { pipe?: unknown }): AsyncGenerator<Event[]> {
    let iterable: AsyncIterable<Buffer | string> = input;
    if (typeof input.pipe === 'function' && !(Symbol.asyncIterator in input)) iterable = (input as unknown as NodeJS.ReadableStream).pipe(new PassThrough()) as unknown as AsyncIterable<Buffer>;
    const decoder = new TextDecoder('utf-8'); // one per stream, so a split character is joined
    const parser = new SaxesParser();
    let error: unknown;
    let events: Event[] = [];
    parser.on('error', (value) => (error = value));
    parser.on('opentag', (value) => events.push({ eventType: 'opentag', value }));
    parser.on('text', (value) => events.push({ eventType: 'text', value }));
    parser.on('closetag', (value) => events.push({ eventType: 'closetag', value }));
    for await (const chunk of iterable) {
      parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      if (error) throw error;
      yield events;
      events = [];
    }
    const rest = decoder.decode();
    if (rest) {
      parser.write(rest);
      if (error) throw error;
      yield events;
    }
  }

  const Module = require('node:module') as { new (id: string): NodeJS.Module };
  const module = new Module(parseSaxFile);
  module.filename = parseSaxFile;
  module.loaded = true;
  module.exports = parseSax;
  require.cache[parseSaxFile] = module;
} else if (require.cache[parseSaxFile]!.exports.name !== 'parseSax') {
  throw new Error('exceljs was loaded before server/src/import/exceljs-utf8.ts: import it first, or Chinese text read from xlsx files gets corrupted');
}

/**
 * exceljs, loaded at its first use (after the fix above): importing it costs ~0.6 s, a tenth of
 * `npm start`'s later start, for the few calls that write a spreadsheet.
 */
export async function loadExcelJS(): Promise<typeof import('exceljs')> {
  return (await import('exceljs')).default;
}
