// CSV: parsed with Papa Parse (comma, semicolon or tab, whichever the first record uses most
// outside quotes), the first record as the header repeated atop every passage, headings naming the
// rows quoted. A quoted field left open or closed wrongly (`"x"y`) makes the file unreadable; a
// quote inside a field that was never quoted (`5" screen`) is read as the character it is, as
// spreadsheets do. Papa Parse rather than csv-parse: the same records from well-formed files, the
// 10 MB CSV parsed in 34-40 ms against 215-591 ms (a loaded machine), on indexing's critical path.
import Papa from 'papaparse';
import type { ParsedFile } from './chunk.js';
import { decodeText } from './text-bytes.js';
import { FileExtractError } from './types.js';

const DELIMITERS = [',', ';', '\t'] as const;

export function readCsv(bytes: Buffer): ParsedFile {
  const records = csvRecords(decodeText(bytes, 'CSV file'));
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

/** The records of a CSV text whose line ends are `\n` (decodeText's), empty lines skipped. */
export function csvRecords(text: string): string[][] {
  const { data, errors } = Papa.parse<string[]>(text, { delimiter: delimiterOf(text), newline: '\n', quoteChar: '"', skipEmptyLines: true });
  // Papa Parse reads on past a broken quote and says so; the records after it would be wrong.
  const broken = errors.find((e) => e.type === 'Quotes');
  if (broken) throw new FileExtractError(`The CSV file could not be read: ${broken.message.replace(/\.$/, '')} (record ${(broken.row ?? 0) + 1}).`);
  return data;
}

/**
 * The delimiter that occurs most often in the first record, outside quotes. Read to the first line
 * end outside quotes: a header whose quoted name holds a line end is still one record.
 */
function delimiterOf(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '\n') break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best: string = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}
