// CSV: parsed with csv-parse (comma, semicolon or tab, whichever the first line uses most), the
// first record as the header repeated atop every passage, headings naming the rows quoted.
import { parse } from 'csv-parse/sync';
import type { ParsedFile } from './chunk.js';
import { decodeText } from './text-bytes.js';
import { FileExtractError } from './types.js';

const DELIMITERS = [',', ';', '\t'] as const;

export function readCsv(bytes: Buffer): ParsedFile {
  const text = decodeText(bytes, 'CSV file');
  let records: string[][];
  try {
    records = parse(text, { delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    throw new FileExtractError(`The CSV file could not be read: ${(error as Error).message}.`, { cause: error });
  }
  const [header, ...rows] = records;
  return {
    title: null,
    pageCount: null,
    units: [
      {
        kind: 'table',
        page: null,
        header: header ? { number: 1, cells: header } : null,
        rows: rows.map((cells, i) => ({ number: i + 2, cells })),
        heading: (first, last) => (first === last ? `Row ${first}` : `Rows ${first}-${last}`),
      },
    ],
  };
}

// The delimiter that occurs most often in the first line, outside quotes.
function delimiterOf(text: string): string {
  const firstLine = (text.split('\n', 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const counts = DELIMITERS.map((delimiter) => firstLine.split(delimiter).length - 1);
  const best = counts.indexOf(Math.max(...counts));
  return counts[best] > 0 ? DELIMITERS[best] : ',';
}
