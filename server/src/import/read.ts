/**
 * Reading an uploaded import file row by row: xlsx with exceljs's streaming reader (first sheet),
 * CSV in UTF-8 (with or without BOM) or GB18030/GBK (what Chinese Excel saves) with a real CSV
 * parser (quotes, commas and line breaks inside quotes). Both give the same rows: cells as text,
 * numbers or Dates, the row number as a spreadsheet shows it, blank rows skipped.
 */
import './exceljs-utf8'; // before exceljs: see there
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
// @fast-csv/parse comes with exceljs (a dependency of it, not of ours: see notes/import-server.md).
import { parseString } from '@fast-csv/parse';
import iconv from 'iconv-lite';
import type { Cell } from '../../../contracts/rules/import';
import { IMPORT_LIMITS } from '../../../contracts/api/import';
import { checkZipSize } from './zip';

export type FileFormat = 'xlsx' | 'utf-8' | 'gb18030';

/** A file we cannot read: the message is for the user (Chinese). */
export class ImportFileError extends Error {}

export interface FileRow {
  /** Row number as the spreadsheet shows it (1 = first line of the file). */
  row: number;
  cells: Cell[];
}

const XLS_MESSAGE = '不支持旧版 Excel 文件（.xls），请在 Excel 中「另存为」.xlsx 格式后再上传';

/** What the file is, from its first bytes (a renamed file is judged by its content, not its name). */
export function detectFormat(fileName: string, bytes: Buffer): FileFormat {
  if (bytes.length === 0) throw new ImportFileError('文件是空的，请检查后重新上传');
  // PK\3\4: a zip, i.e. xlsx. D0 CF 11 E0: the old binary Excel (OLE), also what .et/.xls save.
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    checkZipSize(bytes);
    return 'xlsx';
  }
  if (bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0])) || /\.xls$/i.test(fileName)) throw new ImportFileError(XLS_MESSAGE);
  if (/\.xlsx$/i.test(fileName)) throw new ImportFileError('文件不是有效的 .xlsx 文件，可能已损坏，请在 Excel 中重新保存后上传');
  return isUtf8(bytes) ? 'utf-8' : 'gb18030';
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The text of a CSV: UTF-8 (BOM dropped) or GB18030, a superset of GBK and GB2312. */
export function decodeCsv(bytes: Buffer, format: FileFormat): string {
  const text = format === 'utf-8' ? new TextDecoder('utf-8').decode(bytes) : iconv.decode(bytes, 'gb18030');
  if (text.includes('\u0000')) throw new ImportFileError('文件内容无法识别：请上传 .xlsx 或 .csv 文件');
  return text.replace(/^\uFEFF/, '');
}

type ExcelValue = ExcelJS.CellValue | undefined;

/** An exceljs cell value as a plain cell: a formula as its result, rich text as text, a hyperlink as its text. */
export function plainCell(value: ExcelValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return plainCell((value as ExcelJS.CellFormulaValue).result as ExcelValue);
    if ('error' in value) return null;
    if ('text' in value) return plainCell((value as ExcelJS.CellHyperlinkValue).text);
  }
  return null;
}

const isBlankRow = (cells: Cell[]) => cells.every((cell) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === ''));

async function* xlsxAttempt(bytes: Buffer): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    styles: 'cache', // date formats: without them date cells are bare serial numbers
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = row.values as ExcelValue[];
      const cells: Cell[] = [];
      for (let column = 1; column < values.length; column += 1) cells.push(plainCell(values[column]));
      if (!isBlankRow(cells)) yield { row: row.number, cells };
    }
    return; // the first worksheet only
  }
}

/**
 * exceljs 4.4's streaming reader now and then loses the small workbook.xml part (a race in its
 * stream iteration: about 1 read in 300 in our tests) and throws "reading 'sheets'" when the first
 * worksheet starts, before any row. Such a read is simply done again; an error after rows were
 * read is a real one.
 */
async function* xlsxRows(bytes: Buffer): AsyncGenerator<FileRow> {
  for (let attempt = 1; ; attempt += 1) {
    let yielded = false;
    try {
      for await (const row of xlsxAttempt(bytes)) {
        yielded = true;
        yield row;
      }
      return;
    } catch (error) {
      if (yielded || attempt >= 5 || !/reading 'sheets'/.test(String(error))) throw error;
    }
  }
}

async function* csvRows(text: string): AsyncGenerator<FileRow> {
  let row = 0;
  const parser = parseString<string[], string[]>(text, { ignoreEmpty: false, trim: false, discardUnmappedColumns: false, strictColumnHandling: false });
  for await (const cells of parser as AsyncIterable<string[]>) {
    row += 1;
    if (!isBlankRow(cells)) yield { row, cells };
  }
}

function readError(error: unknown, format: FileFormat): ImportFileError {
  if (error instanceof ImportFileError) return error;
  return new ImportFileError(format === 'xlsx' ? '文件不是有效的 .xlsx 文件，可能已损坏，请在 Excel 中重新保存后上传' : 'CSV 文件格式不正确（引号未闭合或内容损坏），请检查后重新上传');
}

/**
 * The non-blank rows of the file, header first. More than IMPORT_LIMITS.maxRows data rows is
 * refused; a file that cannot be parsed throws ImportFileError with a message for the user.
 */
export async function* readRows(bytes: Buffer, format: FileFormat): AsyncGenerator<FileRow> {
  const source = format === 'xlsx' ? xlsxRows(bytes) : csvRows(decodeCsv(bytes, format));
  let count = 0;
  for (;;) {
    let next: IteratorResult<FileRow>;
    try {
      next = await source.next();
    } catch (error) {
      throw readError(error, format);
    }
    if (next.done) return;
    count += 1;
    if (count > IMPORT_LIMITS.maxRows + 1) {
      await source.return?.(undefined);
      throw new ImportFileError(`文件超过 ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} 行，请拆分成多个文件分批导入`);
    }
    yield next.value;
  }
}

/** A cell as the user sees it (preview, error report): dates as YYYY-MM-DD. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell);
}
