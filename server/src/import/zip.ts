/**
 * Zip bomb guard for xlsx (a zip): the unpacked sizes are read from the zip's central directory
 * BEFORE anything is unpacked, and a file whose parts add up to more than
 * IMPORT_LIMITS.maxUnpackedBytes is refused. exceljs's streaming reader unpacks with unzipper from
 * the local headers and would only notice while inflating, so we read the directory ourselves
 * (APPNOTE.TXT 4.3.12 and 4.3.16; 30 lines rather than a dependency).
 * A file that lies in its directory still cannot run away: rows are counted while reading
 * (IMPORT_LIMITS.maxRows) and the upload itself is at most maxFileBytes.
 */
import { IMPORT_LIMITS } from '../../../contracts/api/import';
import { ImportFileError } from './read';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const BROKEN = '文件不是有效的 .xlsx 文件，可能已损坏，请在 Excel 中重新保存后上传';

/** The sum of the declared unpacked sizes of every part. */
export function unpackedSize(bytes: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65535 bytes, at the end of the file.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ImportFileError(BROKEN);
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ImportFileError(BROKEN);
    const size = bytes.readUInt32LE(at + 24);
    // 0xFFFFFFFF means the real size is in a zip64 extra field: more than 4 GB, a bomb for us.
    total += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

export function checkZipSize(bytes: Buffer): void {
  if (unpackedSize(bytes) > IMPORT_LIMITS.maxUnpackedBytes) {
    throw new ImportFileError(`文件解压后超过 ${IMPORT_LIMITS.maxUnpackedBytes / 1024 / 1024} MB，无法导入，请删除无关的工作表、图片后重新保存`);
  }
}

const LOCAL_HEADER = 0x04034b50;

/**
 * About how many rows the first worksheet has, without parsing it: its XML is inflated (zlib,
 * streaming) and its `<row` tags counted. For the progress bar and the row limit at upload time;
 * exact counts come from the job (a formatted but empty row is counted here, not there).
 */
export async function countSheetRows(bytes: Buffer): Promise<number> {
  const { createInflateRaw } = await import('node:zlib');
  // The central directory gives each part's name and where its local header is.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ImportFileError(BROKEN);
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let sheet: { method: number; size: number; offset: number; number: number } | undefined;
  for (let i = 0; i < entries && at + 46 <= bytes.length; i += 1) {
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const number = Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] ?? Number.NaN);
    if (Number.isFinite(number) && (!sheet || number < sheet.number)) {
      sheet = { method: bytes.readUInt16LE(at + 10), size: bytes.readUInt32LE(at + 20), offset: bytes.readUInt32LE(at + 42), number };
    }
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  if (!sheet || sheet.offset + 30 > bytes.length || bytes.readUInt32LE(sheet.offset) !== LOCAL_HEADER) throw new ImportFileError(BROKEN);
  const start = sheet.offset + 30 + bytes.readUInt16LE(sheet.offset + 26) + bytes.readUInt16LE(sheet.offset + 28);
  const packed = bytes.subarray(start, start + sheet.size);
  let rows = 0;
  let carry = '';
  const count = (text: string) => {
    const chunk = carry + text;
    for (let i = chunk.indexOf('<row'); i >= 0; i = chunk.indexOf('<row', i + 4)) {
      const next = chunk[i + 4];
      if (next === ' ' || next === '>' || next === '/') rows += 1;
    }
    carry = chunk.slice(-4); // a tag split between two chunks
  };
  if (sheet.method === 0) count(packed.toString('latin1'));
  else {
    const inflate = createInflateRaw();
    const done = new Promise<void>((resolve, reject) => {
      inflate.on('data', (chunk: Buffer) => count(chunk.toString('latin1')));
      inflate.on('end', resolve);
      inflate.on('error', () => reject(new ImportFileError(BROKEN)));
    });
    inflate.end(packed);
    await done;
  }
  return rows;
}
