/**
 * The first worksheet of an uploaded xlsx, read on our zip (zip.ts) and XML (xml.ts) readers so
 * that every limit holds on what is actually read: bytes inflated per part and per read, the
 * characters of a cell (Excel's 32,767) before it is ever held whole, the columns of a row.
 *
 * Which parts: xl/workbook.xml (the first sheet, the 1904 date system) and its relations (where the
 * sheet, the shared strings and the styles are), styles.xml (which cell formats are dates), the
 * shared strings, the sheet. Cells: shared and inline strings (rich text joined, phonetic runs
 * left out, `_x000D_` escapes decoded), formula results, numbers, booleans as TRUE/FALSE, errors as
 * empty, date-formatted numbers and ISO dates as Date — what exceljs's reader gave before.
 *
 * The job reads every row (rows: the shared strings first, all kept). The preview reads only what
 * it shows (firstRows): the first rows, then only the shared strings they point to.
 */
import type { Cell } from '../../../contracts/rules/import';
import { IMPORT_LIMITS } from '../../../contracts/api/import';
import { BROKEN_XLSX, InflateBudget, partBytes, TOO_BIG_UNPACKED, zipParts, type ZipPart } from './zip';
import { XmlReader, XmlRefused, type XmlHandler } from './xml';
import { ImportFileError, isBlankRow, rowTooLong, textLength, tooManyColumns, type FileRow } from './read';

const MB = 1024 * 1024;
/** workbook.xml, its relations and styles.xml are small (64,000 cell formats, Excel's most, are ~10 MB). */
const SMALL_PART_BYTES = 16 * MB;
const MAX_CELL = IMPORT_LIMITS.maxRowChars;
export const CELL_TOO_LONG = `文件中有单元格超过 ${MAX_CELL.toLocaleString('en-US')} 个字符（Excel 单元格的上限），请检查后重新上传`;
const TOO_MUCH_TEXT = `文件中的文字解压后超过 ${IMPORT_LIMITS.maxSharedStringsBytes / MB} MB，请拆分成多个文件分批导入`;
/** Raw XML characters one piece may take: a cell of 32,767 characters, each written as an entity such as &#x4E2D;. */
const MAX_PIECE = MAX_CELL * 10;
/** Excel's built-in number formats that show a date or a time (14–22; the Chinese ones 27–36 and 50–58; 45–47). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A shared string a cell points to, until the strings are read (firstRows). */
class SharedRef {
  constructor(readonly index: number) {}
}
type RawCell = Cell | SharedRef;

/** A date-time format code, as exceljs judges it: y m d h s left once quoted text, [colour] and escaped, padding or fill characters are dropped. */
const isDateFormat = (code: string) => /[ymdhs]/i.test(code.replace(/\[[^\]]*]|"[^"]*"|[\\_*]./g, ''));

/** Serial day number → Date (Excel's 1900 or 1904 date system). */
const excelDate = (serial: number, date1904: boolean) => new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

const escapedChar = (_: string, hex: string) => String.fromCharCode(Number.parseInt(hex, 16));
/** Text as OOXML escapes what XML cannot carry: `_x000D_` is a carriage return. */
const unescapeOoxml = (text: string) => (text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, escapedChar) : text);

/** Column index (0-based) of a reference such as "AB12"; -1 when it has no letters. */
function columnOf(reference: string): number {
  let column = 0;
  let i = 0;
  for (; i < reference.length; i += 1) {
    const code = reference.charCodeAt(i) & ~0x20; // upper case
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return i === 0 ? -1 : column - 1;
}

/** Texts of <t> elements outside phonetic runs (<rPh>), joined, at most MAX_CELL characters. */
class TextCollector {
  text = '';
  private inT = false;
  private inPhonetic = false;
  open(name: string) {
    if (name === 't') this.inT = !this.inPhonetic;
    else if (name === 'rPh') this.inPhonetic = true;
  }
  close(name: string) {
    if (name === 't') this.inT = false;
    else if (name === 'rPh') this.inPhonetic = false;
  }
  add(text: string) {
    if (!this.inT) return;
    this.text += text;
    if (this.text.length > MAX_CELL) throw new ImportFileError(CELL_TOO_LONG);
  }
  take(): string {
    const text = unescapeOoxml(this.text);
    this.text = '';
    return text;
  }
}

/** A row's text, its shared strings in, is at most maxRowChars. */
function withinRowText(row: FileRow): FileRow {
  if (textLength(row.cells) > IMPORT_LIMITS.maxRowChars) throw rowTooLong(row.row);
  return row;
}

interface Book {
  sheet: ZipPart;
  strings?: ZipPart;
  styles?: ZipPart;
  date1904: boolean;
}

export class XlsxFile {
  private readonly parts: Map<string, ZipPart>;
  private book?: Book;
  /** Cell formats (cellXfs index) that show dates. */
  private dateStyles?: Set<number>;

  constructor(
    private readonly bytes: Buffer,
    private readonly budget = new InflateBudget(),
  ) {
    this.parts = zipParts(bytes);
  }

  /**
   * Feeds a part to the handler, yielding after each inflated chunk so the caller can take what
   * the handler collected or stop reading (the rest is then never inflated).
   */
  private async *parse(part: ZipPart, limit: number, tooBig: string, handler: XmlHandler): AsyncGenerator<void> {
    const decoder = new TextDecoder('utf-8');
    const reader = new XmlReader(handler, MAX_PIECE);
    try {
      for await (const chunk of partBytes(this.bytes, part, this.budget, limit, tooBig)) {
        reader.write(decoder.decode(chunk, { stream: true }));
        yield;
      }
      reader.write(decoder.decode());
      reader.end();
    } catch (error) {
      if (error instanceof XmlRefused) throw new ImportFileError(error.inText ? CELL_TOO_LONG : BROKEN_XLSX);
      throw error;
    }
  }

  private async parseWhole(part: ZipPart, handler: XmlHandler, until: () => boolean = () => false): Promise<void> {
    for await (const _ of this.parse(part, SMALL_PART_BYTES, BROKEN_XLSX, handler)) if (until()) return;
  }

  private async readBook(): Promise<Book> {
    if (this.book) return this.book;
    const workbook = this.parts.get('xl/workbook.xml');
    if (!workbook) throw new ImportFileError(BROKEN_XLSX);
    let date1904 = false;
    let sheetId: string | undefined;
    await this.parseWhole(
      workbook,
      {
        open(name, attributes) {
          if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
          else if (name === 'sheet' && sheetId === undefined) sheetId = Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1] ?? '';
        },
        close() {},
        text() {},
      },
      () => sheetId !== undefined,
    );
    // Where the parts are (xl/_rels/workbook.xml.rels); the usual names when a writer left it out.
    const targets = { sheet: 'worksheets/sheet1.xml', strings: 'sharedStrings.xml', styles: 'styles.xml' };
    const relations = this.parts.get('xl/_rels/workbook.xml.rels');
    if (relations) {
      await this.parseWhole(relations, {
        open(name, { Id: id, Type: type = '', Target: target }) {
          if (name !== 'Relationship' || !target) return;
          if (id === sheetId) targets.sheet = target;
          else if (type.endsWith('/sharedStrings')) targets.strings = target;
          else if (type.endsWith('/styles')) targets.styles = target;
        },
        close() {},
        text() {},
      });
    }
    const part = (target: string) => this.parts.get(target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
    const sheet = part(targets.sheet);
    if (!sheet) throw new ImportFileError(BROKEN_XLSX);
    this.book = { sheet, strings: part(targets.strings), styles: part(targets.styles), date1904 };
    return this.book;
  }

  private async readDateStyles(book: Book): Promise<Set<number>> {
    if (this.dateStyles) return this.dateStyles;
    const dates = new Set<number>();
    if (book.styles) {
      const dateFormats = new Set(DATE_FORMAT_IDS);
      let inCellFormats = false;
      let index = 0;
      await this.parseWhole(book.styles, {
        open(name, attributes) {
          if (name === 'numFmt' && isDateFormat(attributes.formatCode ?? '')) dateFormats.add(Number(attributes.numFmtId));
          else if (name === 'cellXfs') inCellFormats = true;
          else if (name === 'xf' && inCellFormats) {
            if (dateFormats.has(Number(attributes.numFmtId))) dates.add(index);
            index += 1;
          }
        },
        close(name) {
          if (name === 'cellXfs') inCellFormats = false;
        },
        text() {},
      });
    }
    this.dateStyles = dates;
    return dates;
  }

  /**
   * The shared strings whose index `keep` accepts, read up to the last one wanted (`last`). Every
   * string is held to the cell limit, kept or not; the part to maxSharedStringsBytes.
   */
  private async readStrings(book: Book, keep: (index: number) => boolean, last: number): Promise<string[]> {
    const strings: string[] = [];
    if (!book.strings) return strings;
    const text = new TextCollector();
    let index = 0;
    for await (const _ of this.parse(book.strings, IMPORT_LIMITS.maxSharedStringsBytes, TOO_MUCH_TEXT, {
      open: (name) => text.open(name),
      close(name) {
        text.close(name);
        if (name !== 'si') return;
        const value = text.take();
        if (keep(index)) strings[index] = value;
        index += 1;
      },
      text: (value) => text.add(value),
    })) {
      if (index > last) break;
    }
    return strings;
  }

  /**
   * The sheet's non-blank rows, shared strings as SharedRef unless `strings` is given: yielded
   * after each inflated chunk, as many as that chunk completed.
   */
  private async *sheetRows(book: Book, strings?: string[]): AsyncGenerator<{ row: number; cells: RawCell[] }[]> {
    const dateStyles = await this.readDateStyles(book);
    let done: { row: number; cells: RawCell[] }[] = [];
    let rowNo = 0;
    let cells: RawCell[] = [];
    let column = -1;
    let cell: { type: string; style: number; value: string } | undefined;
    let inValue = false;
    const inline = new TextCollector();

    const valueOf = ({ type, style, value }: { type: string; style: number; value: string }): RawCell => {
      if (type === 'inlineStr') return inline.take();
      if (type === 's') {
        const index = Number.parseInt(value, 10);
        if (!Number.isInteger(index) || index < 0) return null;
        return strings ? (strings[index] ?? null) : new SharedRef(index);
      }
      if (type === 'str') return unescapeOoxml(value);
      if (type === 'b') return value.trim() === '1' ? 'TRUE' : value.trim() === '' ? null : 'FALSE';
      if (type === 'e' || value.trim() === '') return null;
      if (type === 'd') {
        const date = new Date(value.trim());
        return Number.isNaN(date.getTime()) ? value : date;
      }
      const number = Number(value);
      if (!Number.isFinite(number)) return value;
      return dateStyles.has(style) ? excelDate(number, book.date1904) : number;
    };

    for await (const _ of this.parse(book.sheet, IMPORT_LIMITS.maxUnpackedBytes, TOO_BIG_UNPACKED, {
      open(name, attributes) {
        if (name === 'row') {
          const declared = Number.parseInt(attributes.r ?? '', 10);
          rowNo = Number.isInteger(declared) && declared > 0 ? declared : rowNo + 1;
          cells = [];
          column = -1;
        } else if (name === 'c') {
          const declared = columnOf(attributes.r ?? '');
          column = declared >= 0 ? declared : column + 1;
          cell = { type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: '' };
          inline.take(); // nothing of an earlier cell is left over
        } else if (cell) {
          if (name === 'v') inValue = true;
          inline.open(name);
        }
      },
      close(name) {
        if (name === 'v') inValue = false;
        else if (name === 'c' && cell) {
          const value = valueOf(cell);
          cell = undefined;
          if (value === null || value === '') return;
          // Checked here, cell by cell: a row of 16,384 long cells is never held.
          if (column >= IMPORT_LIMITS.maxColumns) throw tooManyColumns(rowNo);
          while (cells.length < column) cells.push(null);
          cells[column] = value;
        } else if (name === 'row') {
          if (!isBlankRow(cells)) done.push(strings ? withinRowText({ row: rowNo, cells: cells as Cell[] }) : { row: rowNo, cells });
          cells = [];
        } else inline.close(name);
      },
      text(value) {
        if (!cell) return;
        if (inValue) {
          cell.value += value;
          if (cell.value.length > MAX_CELL) throw new ImportFileError(CELL_TOO_LONG);
        } else inline.add(value);
      },
    })) {
      if (done.length > 0) {
        yield done;
        done = [];
      }
    }
  }

  /** Every non-blank row (the job): the shared strings are read first and kept. */
  async *rows(): AsyncGenerator<FileRow> {
    const book = await this.readBook();
    const strings = await this.readStrings(book, () => true, Number.POSITIVE_INFINITY);
    for await (const batch of this.sheetRows(book, strings)) yield* batch as FileRow[];
  }

  /** The first `count` non-blank rows, and whether the sheet has no more; only the shared strings they use are read. */
  async firstRows(count: number): Promise<{ rows: FileRow[]; complete: boolean }> {
    const book = await this.readBook();
    const raw: { row: number; cells: RawCell[] }[] = [];
    for await (const batch of this.sheetRows(book)) {
      raw.push(...batch);
      if (raw.length > count) break; // one more than shown says the sheet goes on
    }
    const wanted = new Set(raw.flatMap((row) => row.cells.filter((cell) => cell instanceof SharedRef).map((cell) => cell.index)));
    const strings = wanted.size ? await this.readStrings(book, (index) => wanted.has(index), Math.max(...wanted)) : [];
    const rows = raw.slice(0, count).map((row) => withinRowText({ row: row.row, cells: row.cells.map((cell) => (cell instanceof SharedRef ? (strings[cell.index] ?? null) : cell)) }));
    return { rows, complete: raw.length <= count };
  }

  /**
   * About how many rows the sheet has, without parsing it: its `<row` tags are counted as it is
   * inflated (a formatted but empty row counts here, not in the job). Stops above `atMost`.
   */
  async countRows(atMost: number): Promise<number> {
    const book = await this.readBook();
    const ROW = /<(?:[\w.-]+:)?row[\s/>]/g;
    const TAIL = 40; // longer than any match: a tag cut by a chunk is counted in the next one
    let rows = 0;
    let carry = '';
    for await (const chunk of partBytes(this.bytes, book.sheet, this.budget, IMPORT_LIMITS.maxUnpackedBytes, TOO_BIG_UNPACKED)) {
      const text = carry + chunk.toString('latin1');
      for (const match of text.matchAll(ROW)) if (match.index < text.length - TAIL) rows += 1;
      carry = text.slice(-TAIL);
      if (rows > atMost) return rows;
    }
    return rows + [...carry.matchAll(ROW)].length;
  }
}
