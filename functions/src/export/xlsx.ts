/**
 * Writes a `WorkbookModel` to .xlsx bytes with exceljs: one header row per sheet, bold, frozen
 * and with an autofilter; each column's number format; widths from the headers and the values.
 */
import ExcelJS from 'exceljs';
import {
  NUMBER_FORMATS,
  isFormattedCell,
  type CellFormat,
  type CellValue,
  type SheetModel,
  type WorkbookModel,
} from './workbook';

const MIN_WIDTH = 8;
const MAX_WIDTH = 50;

function shownLength(value: CellValue, format: CellFormat): number {
  if (value === null) return 0;
  if (value instanceof Date) return 16;
  if (typeof value === 'number')
    return format === 'percent' ? 7 : Math.min(String(value).length + 3, 16);
  return String(value).length;
}

function addSheet(book: ExcelJS.Workbook, model: SheetModel): void {
  const sheet = book.addWorksheet(model.name, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  const widths = model.columns.map((c) => c.width ?? c.header.length + 2);
  sheet.columns = model.columns.map((c) => {
    const numFmt = NUMBER_FORMATS[c.format];
    return numFmt ? { header: c.header, style: { numFmt } } : { header: c.header };
  });
  sheet.getRow(1).font = { bold: true };
  for (const cells of model.rows) {
    const row = sheet.addRow(cells.map((cell) => (isFormattedCell(cell) ? cell.value : cell)));
    cells.forEach((cell, i) => {
      const column = model.columns[i];
      const format = isFormattedCell(cell) ? cell.format : (column?.format ?? 'text');
      if (isFormattedCell(cell)) {
        const numFmt = NUMBER_FORMATS[cell.format];
        if (numFmt) row.getCell(i + 1).numFmt = numFmt;
      }
      if (column?.width === undefined) {
        const value = isFormattedCell(cell) ? cell.value : cell;
        widths[i] = Math.max(widths[i] ?? 0, shownLength(value, format) + 2);
      }
    });
  }
  widths.forEach((w, i) => {
    sheet.getColumn(i + 1).width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w));
  });
  if (model.columns.length > 0) {
    sheet.autoFilter = {
      from: { row: 1, column: 1 },
      to: { row: 1, column: model.columns.length },
    };
  }
}

/** The workbook's .xlsx bytes. */
export async function writeXlsx(
  model: WorkbookModel,
  meta: { readonly created: Date; readonly creator: string },
): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.creator = meta.creator;
  book.created = meta.created;
  for (const sheet of model.sheets) addSheet(book, sheet);
  const buffer = await book.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
