/**
 * The quote sheet out of the browser: printed on A4 from a window of its own (so neither the host
 * page's chrome nor a partner page's CSS prints with it), and saved as a PNG drawn on a canvas with
 * the 2D API (no library: the sheet is text and a table, and a canvas fed an SVG <foreignObject>
 * would be tainted or miss the shadow root's styles in some browsers).
 */
import { formatDate } from '../core/formats';
import { messages } from './messages';
import { comparisonRows, lowestOffer, type SheetData } from './Sheet';
import { printStyles } from './styles';

/** Opens the sheet in a window of its own and asks the browser to print it. */
export function printSheet(sheet: HTMLElement): boolean {
  const view = window.open('', '_blank', 'width=900,height=1100');
  if (!view) return false;
  view.document.write(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${messages.sheetTitle}</title><style>${printStyles}</style></head><body>${sheet.outerHTML}</body></html>`);
  view.document.close();
  view.focus();
  // After layout, so the print preview has the table; the window closes itself when printing ends.
  view.addEventListener('afterprint', () => view.close());
  view.setTimeout(() => view.print(), 50);
  return true;
}

const WIDTH = 1240; // A4 at 150 dpi
const MARGIN = 72;
const FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", sans-serif';

/** The sheet as a PNG (A4 width, as tall as it needs). */
export async function sheetImage(data: SheetData): Promise<Blob> {
  const { sheet, vehicle } = data;
  const rows = comparisonRows(sheet);
  const lowest = lowestOffer(sheet);
  const tableRows = rows.length + 5;
  const height = Math.max(1754, 560 + (tableRows + 1) * 44 + 200);
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = height;
  const ink = canvas.getContext('2d')!;
  ink.fillStyle = '#ffffff';
  ink.fillRect(0, 0, WIDTH, height);
  const text = (value: string, x: number, y: number, size = 22, options: { bold?: boolean; colour?: string; align?: CanvasTextAlign; maxWidth?: number } = {}) => {
    ink.font = `${options.bold ? '600 ' : ''}${size}px ${FONT}`;
    ink.fillStyle = options.colour ?? '#1f2937';
    ink.textAlign = options.align ?? 'left';
    ink.fillText(value, x, y, options.maxWidth);
  };
  const rule = (y: number, colour = '#e5e7eb') => {
    ink.fillStyle = colour;
    ink.fillRect(MARGIN, y, WIDTH - MARGIN * 2, 2);
  };

  let y = MARGIN + 40;
  text(messages.sheetTitle, WIDTH / 2, y, 40, { bold: true, align: 'center' });
  y += 40;
  text(messages.sheetContact(data.storeName, data.storePhone), WIDTH / 2, y, 22, { colour: '#4b5563', align: 'center' });
  y += 30;
  rule(y, '#1f2937');
  y += 50;
  const facts: [string, string][] = [
    [messages.sheetVehicle, `${vehicle.plate} ${vehicle.brand} ${vehicle.series}`],
    [messages.sheetCustomer, `${vehicle.customerName} ${vehicle.mobile}`],
    [messages.sheetTerm, `${sheet.startDate} 至 ${sheet.endDate}`],
    [messages.sheetRegion, `${sheet.region}（${messages.regionGroup(sheet.regionGroup)}）`],
    [messages.sheetClass, sheet.vehicleClassName],
    [messages.sheetDate, `${formatDate(data.createdAt)}${data.userName ? ` · ${messages.sheetBy} ${data.userName}` : ''}`],
  ];
  const half = (WIDTH - MARGIN * 2) / 2;
  facts.forEach(([label, value], index) => {
    const x = MARGIN + (index % 2) * half;
    const rowY = y + Math.floor(index / 2) * 44;
    text(label, x, rowY, 22, { colour: '#6b7280' });
    text(value, x + 110, rowY, 22, { maxWidth: half - 130 });
  });
  y += 3 * 44 + 20;

  const percent = Math.round(sheet.compulsory.rate * 100);
  text(messages.compulsory, MARGIN, y, 26, { bold: true });
  y += 40;
  text(`${messages.money(sheet.compulsory.premiumFen)} = ${messages.compulsoryBase(messages.money(sheet.compulsory.base * 100))} × (1 ${percent < 0 ? '−' : '+'} ${Math.abs(percent)}%)，${messages.compulsoryRate(percent)}`, MARGIN, y);
  y += 36;
  text(messages.compulsoryLimits, MARGIN, y, 20, { colour: '#6b7280' });
  y += 36;
  const tax = sheet.vehicleTax;
  text(`${messages.vehicleTax}：${messages.money(tax.yearlyFen)}${tax.band ? `（${tax.band}${tax.estimated ? `，${messages.taxEstimated}` : ''}）` : `（${messages.taxExempt}）`}`, MARGIN, y);
  y += 56;

  text(messages.comparison, MARGIN, y, 26, { bold: true });
  y += 24;
  const labelWidth = 420;
  const columnWidth = (WIDTH - MARGIN * 2 - labelWidth) / Math.max(1, sheet.offers.length);
  const cellX = (index: number) => MARGIN + labelWidth + columnWidth * (index + 1) - 16;
  const row = (label: string, cells: string[], options: { bold?: boolean; shade?: boolean; highlight?: number } = {}) => {
    if (options.shade) {
      ink.fillStyle = '#f3f4f6';
      ink.fillRect(MARGIN, y, WIDTH - MARGIN * 2, 44);
    }
    if (options.highlight !== undefined && options.highlight >= 0) {
      ink.fillStyle = '#dcfce7';
      ink.fillRect(MARGIN + labelWidth + columnWidth * options.highlight, y, columnWidth, 44);
    }
    text(label, MARGIN + 12, y + 30, 20, { bold: options.bold, maxWidth: labelWidth - 24 });
    cells.forEach((cell, index) => text(cell, cellX(index), y + 30, 20, { bold: options.bold, align: 'right', maxWidth: columnWidth - 24 }));
    y += 44;
    rule(y - 2);
  };
  const best = lowest ? sheet.offers.indexOf(lowest) : -1;
  row(messages.line, sheet.offers.map((offer) => (offer === lowest && sheet.offers.length > 1 ? `${offer.insurerName}（${messages.lowest}）` : offer.insurerName)), { bold: true, shade: true });
  for (const line of rows) {
    const limit = line.limit >= 10_000 ? ` ${messages.wan(line.limit)}` : '';
    row(`${line.name}${limit}`, sheet.offers.map((offer) => {
      const found = offer.lines.find((each) => each.code === line.code);
      return found ? messages.money(found.premiumFen) : messages.notSold;
    }));
  }
  row(messages.coefficient, sheet.offers.map((offer) => offer.coefficient.toFixed(4)));
  row(messages.commercialTotal, sheet.offers.map((offer) => messages.money(offer.commercialFen)));
  row(messages.compulsoryTotal, sheet.offers.map((offer) => messages.money(offer.compulsoryFen)));
  row(messages.taxTotal, sheet.offers.map((offer) => messages.money(offer.vehicleTaxFen)));
  row(messages.total, sheet.offers.map((offer) => messages.money(offer.totalFen)), { bold: true, highlight: best });
  y += 40;
  text(messages.sheetNote, MARGIN, y, 18, { colour: '#6b7280', maxWidth: WIDTH - MARGIN * 2 });

  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob'))), 'image/png'));
}

/** Hands a file to the browser's download, from inside our shadow root (nothing is left in the page). */
export function download(blob: Blob, name: string, root: ShadowRoot | HTMLElement) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  root.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
