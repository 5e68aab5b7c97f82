// The passages write's binary array parameters read back by PostgreSQL as the values they carry.
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminUrl } from '../../tests/support/database.js';
import { int4ArrayBytes, textArrayBytes } from './binary-arrays.js';

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
});
