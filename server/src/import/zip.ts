/**
 * The zip inside an xlsx, read by us: the central directory says where each part is, and a part
 * is inflated chunk by chunk with the bytes actually inflated counted, per part and for the whole
 * read (InflateBudget), so a file stops where a limit is reached, whatever its directory declares.
 * The declared unpacked sizes are never used: they are the file's word, and a bomb lies (a 450 MB
 * sheet declared as 1,000 bytes). Only the parts an import needs are ever inflated (images, other
 * sheets and the like are not). APPNOTE.TXT 4.3.7, 4.3.12, 4.3.16.
 */
import { createInflateRaw } from 'node:zlib';
import { IMPORT_LIMITS } from '../../../contracts/api/import';
import { ImportFileError } from './read';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
export const BROKEN_XLSX = '文件不是有效的 .xlsx 文件，可能已损坏，请在 Excel 中重新保存后上传';
export const TOO_BIG_UNPACKED = `文件解压后超过 ${IMPORT_LIMITS.maxUnpackedBytes / 1024 / 1024} MB，无法导入，请删除无关的工作表、图片后重新保存`;
const CHUNK = 64 * 1024;

export interface ZipPart {
  name: string;
  method: number;
  packedSize: number;
  /** Where its local header starts. */
  offset: number;
}

/** The parts of the zip by name, from its central directory; anything malformed or encrypted is refused. */
export function zipParts(bytes: Buffer): Map<string, ZipPart> {
  // The end record is 22 bytes plus a comment of at most 65535 bytes, at the end of the file.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ImportFileError(BROKEN_XLSX);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const parts = new Map<string, ZipPart>();
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ImportFileError(BROKEN_XLSX);
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const encrypted = (bytes.readUInt16LE(at + 8) & 1) === 1;
    if (encrypted) throw new ImportFileError(BROKEN_XLSX);
    if (!parts.has(name)) parts.set(name, { name, method: bytes.readUInt16LE(at + 10), packedSize: bytes.readUInt32LE(at + 20), offset: bytes.readUInt32LE(at + 42) });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return parts;
}

/** The bytes one read of a file may still inflate, over every part it opens (IMPORT_LIMITS.maxUnpackedBytes). */
export class InflateBudget {
  constructor(public left: number = IMPORT_LIMITS.maxUnpackedBytes) {}
}

/**
 * A part's bytes, inflated as they are consumed (zlib waits while the consumer does). More than
 * `limit` bytes of this part answers `tooBig`; more than the read's budget, TOO_BIG_UNPACKED.
 */
export async function* partBytes(bytes: Buffer, part: ZipPart, budget: InflateBudget, limit: number, tooBig: string): AsyncGenerator<Buffer> {
  const at = part.offset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) throw new ImportFileError(BROKEN_XLSX);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + part.packedSize > bytes.length || (part.method !== 0 && part.method !== 8)) throw new ImportFileError(BROKEN_XLSX);
  const packed = bytes.subarray(start, start + part.packedSize);
  let inflated = 0;
  const count = (chunk: Buffer) => {
    inflated += chunk.length;
    budget.left -= chunk.length;
    if (inflated > limit) throw new ImportFileError(tooBig);
    if (budget.left < 0) throw new ImportFileError(TOO_BIG_UNPACKED);
  };
  if (part.method === 0) {
    for (let from = 0; from < packed.length; from += CHUNK) {
      const chunk = packed.subarray(from, from + CHUNK);
      count(chunk);
      yield chunk;
    }
    return;
  }
  const inflate = createInflateRaw({ chunkSize: CHUNK });
  inflate.end(packed);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      count(chunk);
      yield chunk;
    }
  } catch (error) {
    throw error instanceof ImportFileError ? error : new ImportFileError(BROKEN_XLSX);
  } finally {
    inflate.destroy();
  }
}
