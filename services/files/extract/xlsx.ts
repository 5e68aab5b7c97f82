// XLSX: every worksheet (in workbook order) as a table whose first non-empty row is the header;
// passages say which sheet and rows they quote.
import ExcelJS from 'exceljs';
import type { ParsedFile, TableUnit } from './chunk.js';
import { CORE_PROPERTIES, officeTitle } from './office-title.js';
import { refuseLegacyOffice } from './legacy-office.js';
import { readZipSafely } from './safe-zip.js';
import { withTimeout } from './timeout.js';
import { EXTRACT_TIMEOUT_MS, FileExtractError, type ExtractLimits } from './types.js';

export const XLSX_DAMAGED = 'The spreadsheet could not be read: it is damaged or not an .xlsx file.';

export async function readXlsx(bytes: Buffer, limits: ExtractLimits, timeoutMs = EXTRACT_TIMEOUT_MS): Promise<ParsedFile> {
  refuseLegacyOffice(bytes, 'spreadsheet', '.xlsx');
  const zip = await readZipSafely(bytes, limits, { notAZip: XLSX_DAMAGED, keep: (name) => name === CORE_PROPERTIES });
  if (!zip.names.some((name) => name.startsWith('xl/'))) throw new FileExtractError(XLSX_DAMAGED);
  const workbook = new ExcelJS.Workbook();
  try {
    await withTimeout(workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer), timeoutMs);
  } catch (error) {
    if (error instanceof FileExtractError) throw error;
    throw new FileExtractError(XLSX_DAMAGED, { cause: error });
  }
  const units = workbook.worksheets.map((sheet, index) => sheetTable(sheet, index + 1));
  return { title: officeTitle(zip.kept.get(CORE_PROPERTIES)), pageCount: workbook.worksheets.length, units };
}

function sheetTable(sheet: ExcelJS.Worksheet, sheetNumber: number): TableUnit {
  const rows: { number: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(cellText(row.getCell(column)));
    if (cells.some((cell) => cell.trim())) rows.push({ number, cells });
  });
  const [header, ...body] = rows;
  return {
    kind: 'table',
    page: sheetNumber,
    header: header ?? null,
    rows: body,
    heading: (first, last) => `Sheet ${sheet.name}, ${first === last ? `row ${first}` : `rows ${first}-${last}`}`,
  };
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value instanceof Date) return isoDate(value);
  if (value && typeof value === 'object' && 'result' in value && value.result instanceof Date) return isoDate(value.result);
  try {
    return cell.text ?? '';
  } catch {
    return ''; // exceljs throws on some malformed shared formulas; the cell is skipped, not the file
  }
}

// Spreadsheet dates are calendar days unless they carry a time.
const isoDate = (date: Date) =>
  date.getUTCHours() || date.getUTCMinutes() || date.getUTCSeconds() ? date.toISOString().replace('.000Z', 'Z') : date.toISOString().slice(0, 10);
