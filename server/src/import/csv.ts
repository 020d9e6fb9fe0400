/**
 * The records of a CSV text as Excel and WPS write them (RFC 4180: commas, double quotes with ""
 * inside, line breaks inside quotes, CRLF, LF or CR line ends), one at a time, with the import's
 * limits held while a record is read: content beyond IMPORT_LIMITS.maxColumns columns and a record
 * of more than maxRowChars characters are refused before the record is held (a 20 MB line of
 * 200,000 columns is one record). @fast-csv/parse, used before, parsed a whole upload in one
 * synchronous call and kept every row: 12 s and +417 MB for a 20 MB line of commas.
 *
 * Lenient where Excel is: a quote inside an unquoted cell is a character, text after a closing
 * quote is kept. Trailing empty cells are dropped, blank records skipped. There is no I/O to wait
 * for, so the reader lets the event loop run after every 64 K characters (other chains' requests
 * are answered while a 20 MB file of empty lines is read).
 */
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import { IMPORT_LIMITS } from '../../../contracts/api/import';
import { ImportFileError, isBlankRow, rowTooLong, tooManyColumns, type FileRow } from './read';

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
/** An unquoted cell, or what follows a closing quote: up to a comma or a line end. */
const BARE = /[^,\r\n]*/y;
const PAUSE_EVERY = 64 * 1024;
export const UNCLOSED_QUOTE = 'CSV 文件格式不正确（引号未闭合或内容损坏），请检查后重新上传';

/** Past commas, spaces and tabs: the empty cells from `at` on. */
function skipEmptyCells(text: string, at: number): number {
  for (let code = text.charCodeAt(at); code === COMMA || code === 0x20 || code === 0x09; code = text.charCodeAt(at)) at += 1;
  return at;
}

/** Past the line end at `at` (CRLF, LF or CR), if any. */
function lineEnd(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code === CR) return text.charCodeAt(at + 1) === LF ? at + 2 : at + 1;
  return code === LF ? at + 1 : at;
}

export async function* csvRows(text: string): AsyncGenerator<FileRow> {
  let at = 0;
  let row = 0;
  let pausedAt = 0;
  while (at < text.length) {
    if (at - pausedAt > PAUSE_EVERY) {
      pausedAt = at;
      await eventLoopTurn();
    }
    row += 1;
    const blankEnd = skipEmptyCells(text, at);
    if (blankEnd === text.length || text.charCodeAt(blankEnd) === LF || text.charCodeAt(blankEnd) === CR) {
      at = lineEnd(text, blankEnd); // a blank record (empty line, or only commas): nothing to build
      continue;
    }
    const cells: string[] = [];
    let chars = 0;
    for (;;) {
      let cell = '';
      if (text.charCodeAt(at) === QUOTE) {
        let from = at + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote < 0) throw new ImportFileError(UNCLOSED_QUOTE);
          if (chars + cell.length + quote - from > IMPORT_LIMITS.maxRowChars) throw rowTooLong(row);
          const doubled = text.charCodeAt(quote + 1) === QUOTE;
          cell += text.slice(from, doubled ? quote + 1 : quote);
          from = quote + (doubled ? 2 : 1);
          if (!doubled) break;
        }
        at = from;
      }
      BARE.lastIndex = at;
      cell += BARE.exec(text)![0];
      at = BARE.lastIndex;
      chars += cell.length;
      if (chars > IMPORT_LIMITS.maxRowChars) throw rowTooLong(row);
      if (cells.length < IMPORT_LIMITS.maxColumns) cells.push(cell);
      else if (cell.trim() !== '') throw tooManyColumns(row);
      if (text.charCodeAt(at) !== COMMA) {
        at = lineEnd(text, at);
        break;
      }
      at += 1;
      if (cells.length === IMPORT_LIMITS.maxColumns) at = skipEmptyCells(text, at); // what may follow is empty only
    }
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (!isBlankRow(cells)) yield { row, cells };
  }
}
