/** Reading import files: real xlsx made by exceljs, CSV encoded by iconv-lite, the zip directory guard. */
import './exceljs-utf8'; // before exceljs: see there
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '../../../contracts/api/import';
import { bigXlsxFile, csvText, gbkCsv, utf8BomCsv, xlsxFile, zipBomb } from '../../../tests/support/import-files';
import { cellText, detectFormat, ImportFileError, readRows, type FileFormat } from './read';
import { unpackedSize } from './zip';

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

  it('declares its unpacked size in the zip directory; a bomb is refused before unpacking', async () => {
    const bytes = await xlsxFile([['姓名'], ['张三']]);
    expect(unpackedSize(bytes)).toBeGreaterThan(bytes.length);
    const bomb = await zipBomb(IMPORT_LIMITS.maxUnpackedBytes + 1);
    expect(() => detectFormat('a.xlsx', bomb)).toThrow(/解压后超过/);
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

  it('refuses a CSV with an unclosed quote, binary junk and .xls in Chinese', async () => {
    await expect(rowsOf(Buffer.from('姓名\n"张三\n'), 'utf-8')).rejects.toThrow(ImportFileError);
    expect(() => detectFormat('a.csv', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).toThrow(/另存为/);
    expect(() => detectFormat('a.xls', Buffer.from('姓名\n'))).toThrow(/xlsx/);
    const junk = Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe]);
    await expect(rowsOf(junk, detectFormat('a.csv', junk))).rejects.toThrow(/无法识别/);
  });
});
