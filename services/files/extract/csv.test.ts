// The CSV reader: any file a spreadsheet writes (RFC 4180 quoting, `\n` or `\r\n` line ends, comma,
// semicolon or tab) reads back as exactly the records written; a broken quoted field makes the file
// unreadable with a reason; a quote in a field never quoted is read as itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRecords, readCsv } from './csv.js';
import { FileExtractError } from './types.js';

const DELIMITERS = [',', ';', '\t'] as const;
const NEEDS_QUOTES = /[",;\t\n]/;

/** A field as a spreadsheet writes it: quoted, its quotes doubled, when it holds a quote, a delimiter or a line end. */
const written = (field: string) => (NEEDS_QUOTES.test(field) || field === '' ? `"${field.replaceAll('"', '""')}"` : field);

const field = fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', ',', ';', '\t', '"', '\n', 'é', '€', '😀', '-'), maxLength: 12 });
const record = (columns: number) => fc.array(field, { minLength: columns, maxLength: columns });
const csv = fc.integer({ min: 2, max: 5 }).chain((columns) =>
  fc.record({
    records: fc.array(record(columns), { minLength: 1, maxLength: 20 }),
    delimiter: fc.constantFrom(...DELIMITERS),
    lineEnd: fc.constantFrom('\n', '\r\n'),
    endsWithLineEnd: fc.boolean(),
  }),
);

describe('readCsv', () => {
  it('reads back exactly the records a spreadsheet wrote', () => {
    fc.assert(
      fc.property(csv, ({ records, delimiter, lineEnd, endsWithLineEnd }) => {
        const text = records.map((r) => r.map(written).join(delimiter)).join(lineEnd) + (endsWithLineEnd ? lineEnd : '');
        const [table] = readCsv(Buffer.from(text, 'utf8')).units;
        if (table.kind !== 'table') throw new Error('a CSV is one table');
        expect(table.header?.cells).toEqual(records[0]);
        expect(table.rows.map((row) => row.cells)).toEqual(records.slice(1));
        expect(table.rows.map((row) => row.number)).toEqual(records.slice(1).map((_, i) => i + 2));
      }),
      { numRuns: 500 },
    );
  });

  it('skips empty lines and reads a quote in a field never quoted as itself', () => {
    expect(csvRecords('size,name\n\n55" screen,TV\n\n')).toEqual([
      ['size', 'name'],
      ['55" screen', 'TV'],
    ]);
  });

  it('refuses a file whose quoted field is never closed, or closed before more text, naming the record', () => {
    const refusal = (text: string) => {
      try {
        csvRecords(text);
      } catch (error) {
        expect(error).toBeInstanceOf(FileExtractError);
        return (error as Error).message;
      }
      throw new Error('read without a refusal');
    };
    expect(refusal('a,b\n1,2\n"open,2\n')).toBe('The CSV file could not be read: Quoted field unterminated (record 3).');
    expect(refusal('a,b\n"x"y,2\n')).toBe('The CSV file could not be read: Trailing quote on quoted field is malformed (record 2).');
  });
});
