// The passages write's binary array parameters read back by PostgreSQL as the values they carry.
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminUrl } from '../../tests/support/database.js';
import { int4ArrayBytes, textArrayBytes } from './binary-arrays.js';
import { tsvectorArrayOf, tsvectorElements } from './terms.js';

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
});
afterAll(async () => client?.end());

const readBack = async (param: Buffer, type: 'text' | 'int') => (await client.query(`select $1::${type}[] as a`, [param])).rows[0].a as unknown[];

// Text as array_in would have to unquote it, and characters of every width; PostgreSQL refuses NUL in text.
const awkward = fc.constantFrom('', 'NULL', '"', '\\', '{a,b}', ' x ', 'é', '日本', '😀', 'a\nb', '\'"\\{}');
const texts = fc.array(
  fc.option(
    fc.oneof(awkward, fc.string({ unit: 'grapheme' })).filter((s) => !s.includes('\0')),
    { nil: null },
  ),
  { maxLength: 30 },
);

test('a text[] in binary form reads back as its values, nulls included', async () => {
  await fc.assert(
    fc.asyncProperty(texts, async (values) => {
      expect(await readBack(textArrayBytes(values), 'text')).toEqual(values);
    }),
    { numRuns: 60 },
  );
});

test('an int4[] in binary form reads back as its values, nulls included', async () => {
  const ints = fc.array(fc.option(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { nil: null }), { maxLength: 30 });
  await fc.assert(
    fc.asyncProperty(ints, async (values) => {
      expect(await readBack(int4ArrayBytes(values), 'int')).toEqual(values);
    }),
    { numRuns: 60 },
  );
});

test('undefined goes as NULL, as node-postgres sends it, and a number that is no 32-bit integer is refused', async () => {
  expect(await readBack(textArrayBytes(['a', undefined]), 'text')).toEqual(['a', null]);
  expect(await readBack(int4ArrayBytes([1, undefined]), 'int')).toEqual([1, null]);
  expect(() => int4ArrayBytes([1.5])).toThrow(RangeError);
  expect(() => int4ArrayBytes([2 ** 31])).toThrow(RangeError);
  expect(() => int4ArrayBytes([1, Number.NaN])).toThrow(RangeError);
});

test("a typed array of int4 values goes as its values (a segment's offsets, put-postings.ts)", async () => {
  const values = Int32Array.from({ length: 1000 }, (_, i) => (i % 2 ? -1 : 1) * i * 2_147_483);
  expect(await readBack(int4ArrayBytes(values), 'int')).toEqual(Array.from(values));
});

// Terms as passageTerms makes them (no spaces), of every width; a lexeme holds no NUL.
const term = fc.oneof(
  fc.constantFrom('a', 'ab', 'b', 'é', 'z9', '日本', '😀', '\uffff', '\ue000'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
);
const termCounts = fc.array(
  fc.uniqueArray(
    fc.tuple(
      term.filter((t) => !/[\s\0]/.test(t)),
      fc.integer({ min: 1, max: 300 }),
    ),
    { selector: ([t]) => t, maxLength: 20 },
  ),
  { maxLength: 10 },
);

test("a tsvector[] in binary form reads back as each term with its count, and goes in PostgreSQL's own order, so the server need not sort it", async () => {
  await fc.assert(
    fc.asyncProperty(termCounts, async (rows) => {
      const maps = rows.map((r) => new Map(r));
      const elements = tsvectorElements(maps);
      const { rows: back } = await client.query<{ terms: [string, number][]; sent: Buffer }>(
        `select array(select array[lexeme, array_length(positions, 1)::text] from unnest(t)) as terms, tsvectorsend(t) as sent
         from unnest($1::tsvector[]) with ordinality as u(t, n) order by n`,
        [tsvectorArrayOf(maps.length, elements)],
      );
      expect(back.map((b) => new Map(b.terms.map(([t, n]) => [t, Number(n)])))).toEqual(
        maps.map((m) => new Map([...m].map(([t, n]) => [t, Math.min(n, 256)]))),
      );
      // Terms within the Basic Multilingual Plane, in UTF-16 order, are in UTF-8 byte order, which
      // PostgreSQL keeps: the bytes sent are then the bytes it sends back.
      let at = 0;
      for (const [i, m] of maps.entries()) {
        const length = elements.readInt32BE(at);
        if (![...m.keys()].some((t) => /[\ud800-\udfff]/.test(t))) expect(elements.subarray(at + 4, at + 4 + length)).toEqual(back[i].sent);
        at += 4 + length;
      }
    }),
    { numRuns: 60 },
  );
});
