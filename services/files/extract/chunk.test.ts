import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSAGE_SIZE } from '../../spaces/index.js';
import { chunkUnits, type TableUnit, type TextUnit } from './chunk.js';

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const solid = (text: string) => text.replace(/\s+/g, '');

// Text with paragraphs, lines, sentences and the odd very long word.
const wordArb = fc.oneof(
  { weight: 20, arbitrary: fc.stringMatching(/^[a-zA-Z0-9]{1,12}[.,!?]?$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z]{1300,2600}$/) },
);
const separatorArb = fc.constantFrom(' ', ' ', ' ', '  ', '\n', '\n\n', '\t', '\n \n');
const textArb = fc.array(fc.tuple(wordArb, separatorArb), { maxLength: 600 }).map((parts) => parts.map(([w, s]) => w + s).join(''));
const unitArb = fc.record({ text: textArb, page: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }), lines: fc.boolean() });

describe('chunkUnits on text', () => {
  it('keeps every non-space character of each unit, in order, in passages of that unit only', () => {
    fc.assert(
      fc.property(fc.array(unitArb, { maxLength: 5 }), (inputs) => {
        const units: TextUnit[] = inputs.map((input, i) => ({ kind: 'text', heading: `Unit ${i}`, ...input }));
        const passages = chunkUnits(units, 1_000_000);
        units.forEach((unit) => {
          const own = passages.filter((passage) => passage.heading === unit.heading);
          expect(own.every((passage) => passage.page === unit.page)).toBe(true);
          expect(solid(own.map((passage) => passage.content).join(''))).toBe(solid(unit.text));
        });
        // Units come out in order, never interleaved.
        const order = passages.map((passage) => Number(passage.heading.slice(5)));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }),
    );
  });

  it('keeps the words of the input in order when no word is longer than a passage', () => {
    const shortText = fc
      .array(fc.tuple(fc.stringMatching(/^[a-zA-Z0-9]{1,15}[.!?]?$/), separatorArb), { maxLength: 800 })
      .map((parts) => parts.map(([w, s]) => w + s).join(''));
    fc.assert(
      fc.property(shortText, fc.boolean(), (text, lines) => {
        const passages = chunkUnits([{ kind: 'text', text, page: null, heading: '', lines }], 1_000_000);
        expect(passages.flatMap((passage) => words(passage.content))).toEqual(words(text));
      }),
    );
  });

  it('makes non-empty passages within the maximum size, numbered from 0', () => {
    fc.assert(
      fc.property(fc.array(unitArb, { maxLength: 4 }), (inputs) => {
        const passages = chunkUnits(
          inputs.map((input) => ({ kind: 'text', heading: '', ...input })),
          1_000_000,
        );
        passages.forEach((passage, i) => {
          expect(passage.ordinal).toBe(i);
          expect(passage.content.trim().length).toBeGreaterThan(0);
          expect(passage.content.length).toBeLessThanOrEqual(PASSAGE_SIZE.max);
        });
      }),
    );
  });

  it('stops at maxPassages', () => {
    fc.assert(
      fc.property(textArb, fc.integer({ min: 0, max: 5 }), (text, max) => {
        const all = chunkUnits([{ kind: 'text', text, page: 1, heading: '' }], 1_000_000);
        const capped = chunkUnits([{ kind: 'text', text, page: 1, heading: '' }], max);
        expect(capped).toEqual(all.slice(0, max));
      }),
    );
  });

  it('fills passages to at least the minimum size before a paragraph break, like the links chunker', () => {
    const paragraph = 'This sentence has exactly fifty characters in it!! ';
    const text = Array.from({ length: 40 }, () => paragraph.repeat(3).trim()).join('\n\n');
    const passages = chunkUnits([{ kind: 'text', text, page: null, heading: '' }], 100);
    for (const passage of passages.slice(0, -1)) expect(passage.content.length).toBeGreaterThanOrEqual(PASSAGE_SIZE.min);
    expect(passages[0].content).toContain('\n\n');
  });

  it('keeps line breaks in lines mode and joins wrapped lines in prose mode', () => {
    const text = 'first line\nsecond line\n\nnext paragraph';
    expect(chunkUnits([{ kind: 'text', text, page: null, heading: '', lines: true }], 10)[0].content).toBe('first line\nsecond line\n\nnext paragraph');
    expect(chunkUnits([{ kind: 'text', text, page: null, heading: '' }], 10)[0].content).toBe('first line second line\n\nnext paragraph');
  });

  it('makes no passage from blank text', () => {
    expect(chunkUnits([{ kind: 'text', text: ' \n\n \t\n', page: 1, heading: 'Page 1' }], 10)).toEqual([]);
  });
});

const table = (rows: string[][], header: string[] | null = ['name', 'amount']): TableUnit => ({
  kind: 'table',
  page: 2,
  header: header ? { number: 1, cells: header } : null,
  rows: rows.map((cells, i) => ({ number: i + 2, cells })),
  heading: (first, last) => `Rows ${first}-${last}`,
});

describe('chunkUnits on tables', () => {
  it('gives every row its column names and names the rows each passage holds', () => {
    const rows = Array.from({ length: 300 }, (_, i) => [`person${i}`, String(i * 10)]);
    const passages = chunkUnits([table(rows)], 1000);
    expect(passages.length).toBeGreaterThan(1);
    let expectedFirst = 2;
    for (const passage of passages) {
      const lines = passage.content.split('\n');
      expect(passage.content.length).toBeLessThanOrEqual(PASSAGE_SIZE.max);
      expect(passage.page).toBe(2);
      const last = expectedFirst + lines.length - 1;
      expect(passage.heading).toBe(`Rows ${expectedFirst}-${last}`);
      expect(lines[0]).toBe(`name: person${expectedFirst - 2}, amount: ${(expectedFirst - 2) * 10}`);
      expectedFirst = last + 1;
    }
    expect(expectedFirst).toBe(302);
  });

  it('keeps every cell of every row, splitting only a row too long for one passage', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.stringMatching(/^[a-z ]{0,400}$/), { maxLength: 6 }), { maxLength: 40 }), (rows) => {
        const passages = chunkUnits([table(rows)], 1_000_000);
        if (!rows.some((row) => row.join('').trim())) return void expect(passages.map((passage) => passage.content)).toEqual(['name\tamount']);
        const body = passages.map((passage) => passage.content).join(' ');
        expect(solid(body.replace(/(^|, |\n| )(name|amount): /g, ' ').replace(/,/g, ''))).toBe(solid(rows.flat().join('')));
        for (const passage of passages) expect(passage.content.length).toBeLessThanOrEqual(PASSAGE_SIZE.max);
      }),
    );
  });

  it('reads a table row as named values: the row of a question finds its numbers by name', () => {
    const sales = {
      ...table(
        [
          ['Q1', 'Spain', '1,240'],
          ['Q1', 'France', '980'],
          ['Q2', '', '75'],
        ],
        ['quarter', 'region', 'robots_sold'],
      ),
      page: null,
    };
    expect(chunkUnits([sales], 10)[0].content).toBe(
      'quarter: Q1, region: Spain, robots_sold: 1,240\nquarter: Q1, region: France, robots_sold: 980\nquarter: Q2, robots_sold: 75',
    );
    expect(chunkUnits([table([['1', '2', '3']], ['a', ''])], 10)[0].content).toBe('a: 1, 2, 3');
  });

  it('keeps a header with no rows as the only passage', () => {
    expect(chunkUnits([table([])], 10).map((passage) => passage.content)).toEqual(['name\tamount']);
  });
});
