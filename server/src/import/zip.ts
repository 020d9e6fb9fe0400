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
