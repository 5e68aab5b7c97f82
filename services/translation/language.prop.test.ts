import fc from 'fast-check';
import { expect, test } from 'vitest';
import { targetLanguage } from './language.js';

const primary = fc.stringMatching(/^[a-z]{2,3}$/);
const subtags = fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), { maxLength: 3 });
const weight = fc.integer({ min: 1, max: 1000 }).map((n) => n / 1000);
const range = fc.record({ primary, subtags, weight });
const render = (r: { primary: string; subtags: string[]; weight: number }) => [r.primary, ...r.subtags].join('-') + (r.weight === 1 ? '' : `;q=${r.weight}`);

test('any header at all gives a two- or three-letter language, never an error', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 200 }), (header) => {
      expect(targetLanguage(header)).toMatch(/^[a-z]{2,3}$/);
    }),
  );
});

test('the chosen language is the primary subtag of a highest-weighted range, the first of them', () => {
  fc.assert(
    fc.property(fc.array(range, { minLength: 1, maxLength: 6 }), (ranges) => {
      const best = Math.max(...ranges.map((r) => r.weight));
      const first = ranges.find((r) => r.weight === best)!;
      expect(targetLanguage(ranges.map(render).join(', '))).toBe(first.primary);
    }),
  );
});

test('case and spaces around ranges do not matter', () => {
  fc.assert(
    fc.property(fc.array(range, { minLength: 1, maxLength: 6 }), (ranges) => {
      const plain = ranges.map(render).join(',');
      const loose = ranges.map((r) => `  ${render(r).toUpperCase().replace('Q=', 'q=')} `).join(',');
      expect(targetLanguage(loose)).toBe(targetLanguage(plain));
    }),
  );
});
