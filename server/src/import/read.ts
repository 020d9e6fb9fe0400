/**
 * Reading an uploaded import file row by row: xlsx with our bounded reader (xlsx-read.ts, first
 * sheet), CSV in UTF-8 (with or without BOM) or GB18030/GBK (what Chinese Excel saves) with ours
 * too (csv.ts: quotes, commas and line breaks inside quotes). Both give the same rows: cells as
 * text, numbers or Dates, the row number as a spreadsheet shows it, blank rows and empty trailing
 * cells dropped; both hold the same limits (IMPORT_LIMITS) while reading: content in at most
 * maxColumns columns, at most maxRowChars characters a row, maxRows rows, and in all no more text
 * than an xlsx may unpack.
 */
import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import type { Cell } from '../../../contracts/rules/import';
import { IMPORT_LIMITS } from '../../../contracts/api/import';
import { XlsxFile } from './xlsx-read';
import { csvRows, UNCLOSED_QUOTE } from './csv';
import { BROKEN_XLSX, TOO_BIG_UNPACKED } from './zip';

export type FileFormat = 'xlsx' | 'utf-8' | 'gb18030';

/** A file we cannot read: the message is for the user (Chinese). */
export class ImportFileError extends Error {}
/** More rows than the reader takes at all (IMPORT_LIMITS.maxRows): the route words it with the edition's limit. */
export class TooManyRows extends ImportFileError {}

export interface FileRow {
  /** Row number as the spreadsheet shows it (1 = first line of the file). */
  row: number;
  cells: Cell[];
}

const XLS_MESSAGE = '不支持旧版 Excel 文件（.xls），请在 Excel 中「另存为」.xlsx 格式后再上传';
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const tooManyRows = () => new TooManyRows(`文件超过 ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} 行，请拆分成多个文件分批导入`);
export const tooManyColumns = (row: number) =>
  new ImportFileError(`第 ${row} 行超过 ${IMPORT_LIMITS.maxColumns} 列，最多导入 ${IMPORT_LIMITS.maxColumns} 列：请删除多余的列后重新上传`);
export const rowTooLong = (row: number) =>
  new ImportFileError(`第 ${row} 行的内容超过 ${IMPORT_LIMITS.maxRowChars.toLocaleString('en-US')} 个字符（Excel 一个单元格的上限），请检查是否误粘贴了大段文字`);

/** What the file is, from its bytes (a renamed file is judged by its content, not its name). */
export function detectFormat(fileName: string, bytes: Buffer): FileFormat {
  if (bytes.length === 0) throw new ImportFileError('文件是空的，请检查后重新上传');
  // PK\3\4: a zip, i.e. xlsx. D0 CF 11 E0: the old binary Excel (OLE), also what .et/.xls save.
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
  if (bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0])) || /\.xls$/i.test(fileName)) throw new ImportFileError(XLS_MESSAGE);
  if (/\.xlsx$/i.test(fileName)) throw new ImportFileError(BROKEN_XLSX);
  if (isUtf8(bytes)) return 'utf-8';
  // A BOM says UTF-8, the bytes say otherwise (e.g. GBK after a BOM): either reading would import
  // wrong text somewhere, so the user is told which line and how to save the file.
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) {
    const text = new TextDecoder('utf-8').decode(bytes);
    const line = text.slice(0, text.indexOf('\uFFFD')).split('\n').length;
    throw new ImportFileError(`文件开头标明是 UTF-8 编码，但第 ${line} 行不是 UTF-8 文字（可能是 GBK 编码），为免导入乱码未读取：请在 Excel 中「另存为」CSV UTF-8（逗号分隔）或 .xlsx 后重新上传`);
  }
  return 'gb18030';
}

/** The text of a CSV: UTF-8 (BOM dropped) or GB18030, a superset of GBK and GB2312. */
export function decodeCsv(bytes: Buffer, format: FileFormat): string {
  const text = format === 'utf-8' ? new TextDecoder('utf-8').decode(bytes) : iconv.decode(bytes, 'gb18030');
  if (text.includes('\u0000')) throw new ImportFileError('文件内容无法识别：请上传 .xlsx 或 .csv 文件');
  return text.replace(/^\uFEFF/, '');
}

export const isBlankRow = (cells: readonly unknown[]) => cells.every((cell) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === ''));

export const textLength = (cells: readonly Cell[]) => cells.reduce<number>((sum, cell) => sum + (typeof cell === 'string' ? cell.length : 0), 0);

function readError(error: unknown, format: FileFormat): ImportFileError {
  if (error instanceof ImportFileError) return error;
  return new ImportFileError(format === 'xlsx' ? BROKEN_XLSX : UNCLOSED_QUOTE);
}

/**
 * The non-blank rows of the file, header first, each within the limits. More than
 * IMPORT_LIMITS.maxRows data rows, or more text in all than an xlsx may unpack (shared strings
 * repeated row after row), is refused; a file that cannot be parsed throws ImportFileError with a
 * message for the user.
 */
export async function* readRows(bytes: Buffer, format: FileFormat): AsyncGenerator<FileRow> {
  const source = format === 'xlsx' ? new XlsxFile(bytes).rows() : csvRows(decodeCsv(bytes, format));
  let count = 0;
  let chars = 0;
  try {
    for (;;) {
      let next: IteratorResult<FileRow>;
      try {
        next = await source.next();
      } catch (error) {
        throw readError(error, format);
      }
      if (next.done) return;
      count += 1;
      if (count > IMPORT_LIMITS.maxRows + 1) throw tooManyRows();
      chars += textLength(next.value.cells);
      if (chars > IMPORT_LIMITS.maxUnpackedBytes) throw new ImportFileError(TOO_BIG_UNPACKED);
      yield next.value;
    }
  } finally {
    await source.return?.(undefined);
  }
}

/**
 * What preview and start need: the header and the first `shown` data rows, and how many data rows
 * the file has. An xlsx is read only that far (and its shared strings only those rows use); its
 * row count then comes from counting the sheet's row tags, an estimate (a formatted empty row
 * counts) unless the sheet ended within the rows read. A CSV is read whole (it is at most 20 MB).
 */
export async function scanFile(bytes: Buffer, format: FileFormat, shown: number): Promise<{ rows: FileRow[]; total: number }> {
  try {
    if (format !== 'xlsx') {
      const rows: FileRow[] = [];
      let total = -1;
      for await (const row of readRows(bytes, format)) {
        if (rows.length <= shown) rows.push(row);
        total += 1;
      }
      return { rows, total: Math.max(0, total) };
    }
    const file = new XlsxFile(bytes);
    const first = await file.firstRows(shown + 1);
    const rows = first.rows;
    const total = rows.length === 0 ? 0 : first.complete ? rows.length - 1 : (await file.countRows(IMPORT_LIMITS.maxRows + rows[0].row)) - rows[0].row;
    if (total > IMPORT_LIMITS.maxRows) throw tooManyRows();
    return { rows, total };
  } catch (error) {
    throw readError(error, format);
  }
}

/** A cell as the user sees it (preview, error report): dates as YYYY-MM-DD. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell);
}
