/**
 * Reading import files: real xlsx made by exceljs, hand-made ones no program writes, CSV encoded by
 * iconv-lite; and the limits, held on what is actually read.
 */
import './exceljs-utf8'; // before exceljs: see there
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '../../../contracts/api/import';
import { bigXlsxFile, csvText, gbkCsv, repeated, utf8BomCsv, xlsxFile, xlsxParts, zipFile } from '../../../tests/support/import-files';
import { cellText, detectFormat, ImportFileError, readRows, scanFile, type FileFormat } from './read';
import { XlsxFile } from './xlsx-read';
import { InflateBudget } from './zip';

async function rowsOf(bytes: Buffer, format: FileFormat) {
  const rows = [];
  for await (const row of readRows(bytes, format)) rows.push({ row: row.row, cells: row.cells.map(cellText) });
  return rows;
}

describe('xlsx', () => {
  it('reads formula results, rich text, hyperlinks and dates, skips blank rows and reads the first sheet only', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('客户');
    sheet.addRow(['姓名', '手机号', '上次到店', '备注']);
    sheet.addRow([{ richText: [{ text: '张', font: { bold: true } }, { text: '三' }] }, { formula: '13800000000+138', result: 13800000138 }, new Date(Date.UTC(2026, 2, 18)), { text: '官网', hyperlink: 'https://example.com' }]);
    sheet.getCell('C2').numFmt = 'yyyy/m/d';
    sheet.addRow([]);
    sheet.addRow(['', null, '', '']);
    sheet.addRow(['李四', '13900000000', 46099, '']);
    workbook.addWorksheet('其它').addRow(['不读']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(detectFormat('客户.xlsx', bytes)).toBe('xlsx');
    expect(await rowsOf(bytes, 'xlsx')).toEqual([
      { row: 1, cells: ['姓名', '手机号', '上次到店', '备注'] },
      { row: 2, cells: ['张三', '13800000138', '2026-03-18', '官网'] },
      { row: 5, cells: ['李四', '13900000000', '46099'] },
    ]);
  });

  it('keeps Chinese text intact across the reader’s chunk boundaries (20,000 rows)', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`客户${i}`, `沪B${String(i).padStart(5, '0')}`]);
    const bytes = await bigXlsxFile(['姓名', '车牌号'], rows);
    const read = await rowsOf(bytes, 'xlsx');
    expect(read.length).toBe(20_001);
    expect(read.slice(1).filter((row, i) => row.cells[0] !== `客户${i}` || row.cells[1] !== rows[i][1])).toEqual([]);
  });

  it('reads what other writers put in a sheet: inline and rich text, phonetic runs, booleans, errors, ISO dates, prefixes, _x000D_', async () => {
    const bytes = await zipFile(
      xlsxParts(
        [
          '<row r="1"><c r="A1" t="inlineStr"><is><t>姓名</t></is></c><c r="B1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><r><t>备</t></r><r><t>注</t></r></is></c><c r="D1" t="s"><v>1</v></c></row>',
          '<row r="3"><c r="A3" t="str"><f>A1</f><v>张&amp;三</v></c><c r="B3" t="b"><v>1</v></c><c r="C3" t="e"><v>#N/A</v></c><c r="D3" t="d"><v>2026-03-18T00:00:00Z</v></c></row>',
          '<!-- a comment --><x:row><x:c t="inlineStr"><x:is><x:t>第一行_x000D_第二行</x:t></x:is></x:c><x:c><x:v>12.5</x:v></x:c></x:row>',
        ],
        ['<si><t>手机号</t></si>', '<si><r><t>车</t></r><r><t>牌</t></r><rPh sb="0" eb="1"><t>che</t></rPh></si>'],
      ),
    );
    expect(await rowsOf(bytes, 'xlsx')).toEqual([
      { row: 1, cells: ['姓名', '手机号', '备注', '车牌'] },
      { row: 3, cells: ['张&三', 'TRUE', '', '2026-03-18'] },
      { row: 4, cells: ['第一行\r第二行', '12.5'] },
    ]);
  });
});

describe('limits, held on what is actually read', () => {
  const tooLong = 'a'.repeat(IMPORT_LIMITS.maxRowChars + 1);
  const header = '<row r="1"><c t="inlineStr"><is><t>姓名</t></is></c></row>';

  it('refuses a cell or a shared string longer than an Excel cell, in Chinese, before holding it', async () => {
    const inline = await zipFile(xlsxParts([header, `<row r="2"><c t="inlineStr"><is><t>${tooLong}</t></is></c></row>`]));
    const shared = await zipFile(xlsxParts([header, '<row r="2"><c t="s"><v>0</v></c></row>'], [`<si><t>${tooLong}</t></si>`]));
    for (const bytes of [inline, shared]) {
      await expect(rowsOf(bytes, 'xlsx')).rejects.toThrow(/单元格超过 32,767 个字符/);
      await expect(scanFile(bytes, 'xlsx', 20)).rejects.toThrow(/单元格超过 32,767 个字符/);
    }
  });

  it('counts the bytes it inflates, not the sizes the zip directory declares', async () => {
    // 3 MB of (blank) rows in a sheet whose directory says 1,000 bytes; this read may inflate 1 MB.
    const parts = xlsxParts([header, ...repeated('<row/>', 1024, 512)]).map((part) => (part.name.includes('sheet1') ? { ...part, declaredSize: 1000 } : part));
    const bytes = await zipFile(parts);
    const file = () => new XlsxFile(bytes, new InflateBudget(1024 * 1024));
    await expect((async () => { for await (const _ of file().rows()); })()).rejects.toThrow(/解压后超过 400 MB/);
    await expect(file().countRows(IMPORT_LIMITS.maxRows)).rejects.toThrow(/解压后超过 400 MB/);
  });

  it('reads for the preview only the shared strings the shown rows use; the job reads them all', async () => {
    const rows = [header, ...[1, 2].map((i) => `<row r="${i + 1}"><c t="s"><v>${i - 1}</v></c></row>`)];
    // The unshown string too long for a cell comes after 100 KB of others: past what the preview inflates.
    const others = Array.from({ length: 5000 }, (_, i) => `<si><t>其他${i}</t></si>`);
    const bytes = await zipFile(xlsxParts(rows, ['<si><t>张三</t></si>', '<si><t>李四</t></si>', ...others, `<si><t>${tooLong}</t></si>`]));
    const scanned = await scanFile(bytes, 'xlsx', 20);
    expect({ cells: scanned.rows.map((row) => row.cells), total: scanned.total }).toEqual({ cells: [['姓名'], ['张三'], ['李四']], total: 2 });
    await expect(rowsOf(bytes, 'xlsx')).rejects.toThrow(/单元格超过/);
  });

  it('counts the rows of a long sheet from its row tags, reading only the rows it shows', async () => {
    const rows = [header, ...Array.from({ length: 99 }, (_, i) => `<row r="${i + 2}"><c t="inlineStr"><is><t>客户${i}</t></is></c></row>`)];
    const scanned = await scanFile(await zipFile(xlsxParts(rows)), 'xlsx', 20);
    expect({ shown: scanned.rows.length, last: scanned.rows.at(-1)?.cells, total: scanned.total }).toEqual({ shown: 21, last: ['客户19'], total: 99 });
  });

  it('refuses content beyond 200 columns (blank cells there are fine) and a row of more text than an Excel cell', async () => {
    const wide = await zipFile(xlsxParts([header, '<row r="2"><c r="A2" t="inlineStr"><is><t>张三</t></is></c><c r="GS2" t="inlineStr"><is><t>x</t></is></c></row>']));
    await expect(rowsOf(wide, 'xlsx')).rejects.toThrow('第 2 行超过 200 列');
    const styled = await zipFile(xlsxParts([header, '<row r="2"><c r="A2" t="inlineStr"><is><t>张三</t></is></c><c r="XFD2" s="1"/></row>']));
    expect(await rowsOf(styled, 'xlsx')).toEqual([{ row: 1, cells: ['姓名'] }, { row: 2, cells: ['张三'] }]);
    const half = 'b'.repeat(20_000);
    const heavy = await zipFile(xlsxParts([header, `<row r="2"><c t="inlineStr"><is><t>${half}</t></is></c><c t="inlineStr"><is><t>${half}</t></is></c></row>`]));
    await expect(rowsOf(heavy, 'xlsx')).rejects.toThrow('第 2 行的内容超过 32,767 个字符');
  });
});

describe('csv', () => {
  const rows = [['姓名', '手机号', '备注'], ['王五', '13800000000', '说"好",\n周末来'], ['', '', ''], ['赵六', '13900000000', '鑫淼犇']];

  it('detects GBK (GB18030), UTF-8 with and without BOM, and numbers rows as a spreadsheet shows them', async () => {
    for (const [bytes, format] of [[gbkCsv(rows), 'gb18030'], [utf8BomCsv(rows), 'utf-8'], [Buffer.from(csvText(rows)), 'utf-8']] as const) {
      expect(detectFormat('客户.csv', bytes)).toBe(format);
      expect(await rowsOf(bytes, format)).toEqual([
        { row: 1, cells: rows[0] },
        { row: 2, cells: rows[1] },
        { row: 4, cells: rows[3] },
      ]);
    }
  });

  it('reads a GB18030 character outside GBK', async () => {
    const bytes = iconv.encode('姓名\r\n𠮷野家\r\n', 'gb18030');
    expect(await rowsOf(bytes, detectFormat('a.csv', bytes))).toEqual([{ row: 1, cells: ['姓名'] }, { row: 2, cells: ['𠮷野家'] }]);
  });

  it('refuses a CSV of 200,000 columns in Chinese; empty columns at the end do not count', async () => {
    const wide = Buffer.from(`${Array.from({ length: 200_000 }, (_, i) => `列${i}`).join(',')}\r\n`);
    await expect(scanFile(wide, detectFormat('a.csv', wide), 20)).rejects.toThrow('第 1 行超过 200 列');
    const padded = Buffer.from(`姓名,手机号${','.repeat(500)}\r\n张三,13800000000${','.repeat(500)}\r\n`);
    expect(await rowsOf(padded, 'utf-8')).toEqual([{ row: 1, cells: ['姓名', '手机号'] }, { row: 2, cells: ['张三', '13800000000'] }]);
  });

  it('refuses a CSV whose BOM says UTF-8 while its bytes are GBK, naming the first such line, instead of reading mojibake', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const gbkAfterBom = Buffer.concat([bom, gbkCsv(rows)]);
    expect(() => detectFormat('客户.csv', gbkAfterBom)).toThrow(/UTF-8.*第 1 行不是 UTF-8 文字（可能是 GBK 编码）/);
    const mixed = Buffer.concat([bom, Buffer.from('姓名,手机号\r\n'), iconv.encode('张三,13800000000\r\n', 'gbk')]);
    expect(() => detectFormat('客户.csv', mixed)).toThrow(/第 2 行不是 UTF-8/);
  });

  it('refuses a CSV with an unclosed quote, binary junk and .xls in Chinese', async () => {
    await expect(rowsOf(Buffer.from('姓名\n"张三\n'), 'utf-8')).rejects.toThrow(ImportFileError);
    expect(() => detectFormat('a.csv', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).toThrow(/另存为/);
    expect(() => detectFormat('a.xls', Buffer.from('姓名\n'))).toThrow(/xlsx/);
    const junk = Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]);
    await expect(rowsOf(junk, detectFormat('a.csv', junk))).rejects.toThrow(/无法识别/);
  });
});
