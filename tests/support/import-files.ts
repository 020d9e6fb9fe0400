/**
 * Real import files for tests and the bench: xlsx written by exceljs, CSV encoded by iconv-lite
 * (GBK, what Chinese Excel saves) or as UTF-8 with a BOM; and the multipart upload of one to the
 * real server, answered as the decrypted envelope.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { decryptText } from '../../widgets/core/crypto/cipher';
import type { Envelope, TestServer } from './server';

export type SheetCell = ExcelJS.CellValue;

/** An xlsx with one sheet: the rows as given (the first is the header). */
export async function xlsxFile(rows: SheetCell[][], options: { sheetName?: string; dateFormat?: string } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName ?? '客户');
  for (const row of rows) {
    const added = sheet.addRow(row);
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = options.dateFormat ?? 'yyyy-mm-dd';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A big xlsx written with the streaming writer (the bench's 100k rows), row by row from a generator. */
export async function bigXlsxFile(header: string[], rows: Iterable<SheetCell[]>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const { PassThrough } = await import('node:stream');
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet('客户');
  sheet.addRow(header).commit();
  for (const row of rows) sheet.addRow(row).commit();
  await sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

const csvCell = (cell: unknown) => {
  const text = cell === null || cell === undefined ? '' : String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
export const csvText = (rows: unknown[][]) => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

export const gbkCsv = (rows: unknown[][]) => iconv.encode(csvText(rows), 'gbk');
export const utf8BomCsv = (rows: unknown[][]) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvText(rows), 'utf8')]);

export interface UploadResult<T> extends Envelope<T> {
  status: number;
}

/** POSTs a file as multipart (`file` plus text fields) with the token, like the widget does. */
export async function upload<T = unknown>(
  server: Pick<TestServer, 'url' | 'config'>,
  path: string,
  token: string,
  file: { name: string; bytes: Buffer } | null,
  fields: Record<string, string> = {},
): Promise<UploadResult<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { token }, body: form });
  const raw = await response.text();
  let text = raw;
  try {
    text = decryptText(raw, server.config.cipherKey);
  } catch {
    // not encrypted
  }
  return { ...(JSON.parse(text) as Envelope<T>), status: response.status };
}

/** A download (template, report): the bytes, or the envelope when the server refused. */
export async function download(server: Pick<TestServer, 'url' | 'config'>, path: string, token: string, query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await fetch(`${server.url}/api${path}?${search}`, { headers: { token } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('spreadsheetml')) return { bytes, envelope: null, headers: response.headers };
  let text = bytes.toString('utf8');
  try {
    text = decryptText(text, server.config.cipherKey);
  } catch {
    // not encrypted
  }
  return { bytes: null, envelope: JSON.parse(text) as Envelope<unknown>, headers: response.headers };
}

/** The rows of an xlsx's sheets as plain values (formula results, rich text joined). */
export async function readXlsx(bytes: Buffer): Promise<{ name: string; rows: unknown[][] }[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: sheet.name, rows };
  });
}
