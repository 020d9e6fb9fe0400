/**
 * Real import files for tests and the bench: xlsx written by exceljs, CSV encoded by iconv-lite
 * (GBK, what Chinese Excel saves) or as UTF-8 with a BOM; and the multipart upload of one to the
 * real server, answered as the decrypted envelope.
 */
import '../../server/src/import/exceljs-utf8'; // before exceljs: see there
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { decryptText } from '../../widgets/core/crypto/cipher';
import type { Envelope } from './server';

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
  server: { url: string; config: { cipherKey: string } },
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
export async function download(server: { url: string; config: { cipherKey: string } }, path: string, token: string, query: Record<string, string | number>) {
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

/** One part of a hand-made zip: its text or bytes, whole or piece by piece (generated while deflated, so a 300 MB part costs no memory). */
export interface ZipPartSource {
  name: string;
  data: string | Buffer | Iterable<string | Buffer>;
  /** Written as the part's unpacked size instead of the real one: a directory that lies. */
  declaredSize?: number;
}

/** A zip written by hand (local headers, deflated data, central directory, end record: APPNOTE 4.3). */
export async function zipFile(parts: ZipPartSource[]): Promise<Buffer> {
  const { createDeflateRaw, crc32 } = await import('node:zlib');
  const body: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const deflate = createDeflateRaw({ level: 9 });
    const packed: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => packed.push(chunk));
    const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
    let crc = 0;
    let size = 0;
    for (const piece of typeof part.data === 'string' || Buffer.isBuffer(part.data) ? [part.data] : part.data) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
    }
    deflate.end();
    await done;
    const data = Buffer.concat(packed);
    const name = Buffer.from(part.name);
    const unpacked = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(unpacked, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(unpacked, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    body.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const central = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...body, central, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * The parts of the smallest xlsx Excel opens, one sheet: `sheetData` is the XML inside <sheetData>,
 * `strings` the <si> elements of the shared strings, each whole or as pieces generated on demand.
 * For files no spreadsheet program writes (a 300 MB shared string, a directory that lies).
 */
export function xlsxParts(sheetData: Iterable<string>, strings: Iterable<string> = []): ZipPartSource[] {
  const wrap = function* (open: string, inner: Iterable<string>, close: string) {
    yield open;
    yield* inner;
    yield close;
  };
  return [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    },
    { name: '_rels/.rels', data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONS}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', data: `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONS}"><sheets><sheet name="客户" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', data: wrap(`<worksheet xmlns="${MAIN}"><sheetData>`, sheetData, '</sheetData></worksheet>') },
    { name: 'xl/sharedStrings.xml', data: wrap(`<sst xmlns="${MAIN}">`, strings, '</sst>') },
  ];
}

/** `count` pieces of `size` bytes of one character, for parts of hundreds of MB generated while deflated. */
export function* repeated(char: string, size: number, count: number): Generator<string> {
  const piece = char.repeat(size);
  for (let i = 0; i < count; i += 1) yield piece;
}

/** The header of an old system's customer export (Chinese column names as such systems write them). */
export const REALISTIC_HEADER = ['客户姓名', '手机号码', '车牌号码', '车架号', '品牌', '车系', '行驶里程', '最近到店日期', '保险到期日', '所属门店', '客户标签', '备注'];

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '桂英', '建华', '志强', '海燕', '晓东', '子涵', '浩然', '欣怡'];
const CARS: [string, string][] = [['大众', '朗逸'], ['丰田', '卡罗拉'], ['本田', '思域'], ['日产', '轩逸'], ['别克', '英朗'], ['比亚迪', '秦PLUS'], ['吉利', '星瑞'], ['宝马', '3系'], ['奔驰', 'C级'], ['奥迪', 'A4L'], ['特斯拉', 'Model 3'], ['长安', 'CS75']];
const PROVINCES = '浙沪苏皖赣闽粤京';
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * `count` rows of a realistic export: unique mobiles and plates, valid VINs (check digit), dates as
 * Excel dates or text in the usual forms, mileage as 56000 or 5.6万; every `badEvery`-th row is bad
 * (a mobile one digit short, or a plate with the letter O).
 */
export function realisticRows(count: number, options: { badEvery?: number; mobilePrefix?: string } = {}): SheetCell[][] {
  const badEvery = options.badEvery ?? 50;
  const prefix = options.mobilePrefix ?? '15';
  const rows: SheetCell[][] = [];
  for (let i = 0; i < count; i += 1) {
    const [brand, series] = CARS[i % CARS.length];
    const name = SURNAMES[(i * 7) % SURNAMES.length] + GIVEN[(i * 13) % GIVEN.length];
    let mobile = `${prefix}${String(i).padStart(11 - prefix.length, '0')}`;
    let plate = `${PROVINCES[i % PROVINCES.length]}${LETTERS[(i >> 3) % LETTERS.length]}${String(i % 100_000).padStart(5, '0')}`;
    const bad = badEvery > 0 && i % badEvery === badEvery - 1;
    if (bad && i % 2 === 0) mobile = mobile.slice(0, 10);
    else if (bad) plate = `${plate.slice(0, 6)}O${plate.slice(7)}`;
    const body = `LSV${'AB'[i % 2]}U218${'X'}N${String(i).padStart(7, '0')}`.slice(0, 17);
    const vin = i % 3 === 0 ? '' : fixVin(body);
    const visit = new Date(Date.UTC(2024 + (i % 3), i % 12, 1 + (i % 28)));
    const insurance = `${2026 + (i % 2)}/${1 + (i % 12)}/${1 + (i % 28)}`;
    const mileage = i % 4 === 0 ? `${((i % 200) / 10 + 0.5).toFixed(1)}万` : 5_000 + ((i * 37) % 180_000);
    rows.push([name, mobile, plate, vin, brand, series, mileage, visit, insurance, '', i % 5 === 0 ? '老客户' : '', i % 7 === 0 ? '原系统导出' : '']);
  }
  return rows;
}

/** The same 17 characters with a valid check digit (position 9). */
function fixVin(vin: string): string {
  const values: Record<string, number> = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9 };
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 17; i += 1) if (i !== 8) sum += (/\d/.test(vin[i]) ? Number(vin[i]) : values[vin[i]]) * weights[i];
  const digit = sum % 11 === 10 ? 'X' : String(sum % 11);
  return vin.slice(0, 8) + digit + vin.slice(9);
}
