// formatSize for all sizes: the unit is the largest one the size reaches (up to TB), the number
// shown stays under 1024 of it, and reading the text back lands within rounding of the size.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSize, SIZE_UNITS } from './format-size';

const parse = (text: string) => {
  const [n, unit] = text.split(' ');
  return { n: Number(n), power: SIZE_UNITS.indexOf(unit as (typeof SIZE_UNITS)[number]) };
};

describe('formatSize', () => {
  it('shows exact bytes below 1 KB and the seeds’ units above', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 ** 2)).toBe('5 MB');
    expect(formatSize(3.25 * 1024 ** 3)).toBe('3.3 GB');
    expect(formatSize(2 * 1024 ** 4)).toBe('2 TB');
    expect(formatSize(5000 * 1024 ** 4)).toBe('5000 TB');
    expect(formatSize(-1)).toBe('—');
  });

  it('reads back within rounding, in the largest unit reached', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (bytes) => {
        const { n, power } = parse(formatSize(bytes));
        let reached = 0;
        while (reached < 4 && bytes >= 1024 ** (reached + 1)) reached++;
        // One unit up only when rounding reaches 1024 of the lower one (shown as 1).
        expect(power === reached || (power === reached + 1 && n === 1)).toBe(true);
        if (power < 4) expect(n).toBeLessThan(1024);
        const back = n * 1024 ** power;
        const step = power === 0 ? 0.5 : n < 10 ? 0.05 * 1024 ** power : 0.5 * 1024 ** power;
        expect(Math.abs(back - bytes)).toBeLessThanOrEqual(step + 1e-6 * bytes);
      }),
    );
  });

  it('never shrinks as the size grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), fc.integer({ min: 0, max: 2 ** 50 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const x = parse(formatSize(lo));
        const y = parse(formatSize(hi));
        expect(x.n * 1024 ** x.power).toBeLessThanOrEqual(y.n * 1024 ** y.power);
      }),
    );
  });
});
