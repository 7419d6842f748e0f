/**
 * The results workbook as plain data (business.md §3.12): sheets of typed columns and rows, built
 * by the pure builders of each game type and written to .xlsx by `xlsx.ts`. Numbers stay numbers
 * with a format, dates are dates, booleans are booleans; text is only text.
 */

export type CellValue = string | number | boolean | Date | null;

/** How a number or date is shown (the Excel number format in `NUMBER_FORMATS`). */
export type CellFormat = 'text' | 'integer' | 'decimal' | 'money' | 'percent' | 'date';

export const NUMBER_FORMATS: Readonly<Record<CellFormat, string | undefined>> = {
  text: undefined,
  integer: '#,##0',
  decimal: '#,##0.00',
  money: '#,##0.00',
  percent: '0.0%',
  date: 'yyyy-mm-dd hh:mm',
};

/** A cell whose format differs from its column's (the key/value rows of a Summary). */
export interface FormattedCell {
  readonly value: CellValue;
  readonly format: CellFormat;
}

export type Cell = CellValue | FormattedCell;

export interface Column {
  readonly header: string;
  readonly format: CellFormat;
  /** Characters; the writer picks one from the header when absent. */
  readonly width?: number;
}

export interface SheetModel {
  readonly name: string;
  readonly columns: readonly Column[];
  readonly rows: readonly (readonly Cell[])[];
}

export interface WorkbookModel {
  readonly sheets: readonly SheetModel[];
}

export function isFormattedCell(cell: Cell): cell is FormattedCell {
  return typeof cell === 'object' && cell !== null && !(cell instanceof Date);
}

/** Excel's limit on a sheet name. */
export const SHEET_NAME_MAX = 31;
const FORBIDDEN_IN_SHEET_NAME = /[[\]:*?/\\]/g;

/**
 * A valid sheet name from a translated title: the characters Excel refuses replaced, at most 31
 * characters, not starting or ending with an apostrophe, and unique in the workbook (Excel
 * compares names case-insensitively) by a number at the end.
 */
export function sheetName(title: string, taken: Set<string>): string {
  const clean =
    title
      .replace(FORBIDDEN_IN_SHEET_NAME, '-')
      .replace(/^'+|'+$/g, '')
      .trim() || 'Sheet';
  let name = [...clean].slice(0, SHEET_NAME_MAX).join('');
  for (let n = 2; taken.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = [...clean].slice(0, SHEET_NAME_MAX - suffix.length).join('') + suffix;
  }
  taken.add(name.toLowerCase());
  return name;
}

/** Gives each sheet a valid, unique name, in order. */
export function workbook(sheets: readonly SheetModel[]): WorkbookModel {
  const taken = new Set<string>();
  return { sheets: sheets.map((s) => ({ ...s, name: sheetName(s.name, taken) })) };
}

/** A finite number, else null (an empty cell): NaN or Infinity never reach a workbook. */
export function num(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** An epoch-ms time as a date cell, or null. */
export function dateOf(ms: unknown): Date | null {
  return typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms) : null;
}

/** A file name without path, control or reserved characters, at most 100 characters, not empty. */
export function safeFileName(raw: string, fallback: string): string {
  const base = raw
    .replace(/\.xlsx$/i, '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const cut = [...base].slice(0, 100).join('').trim();
  return cut || fallback;
}
