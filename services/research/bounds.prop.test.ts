// A model's plan and gaps, whatever it proposes, come out within the report's bounds; sources merge
// without copies and never past their bound.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  boundedGaps,
  boundedPlan,
  ESTIMATED_STEPS,
  MAX_GAP_SEARCHES,
  MAX_QUERY_CHARS,
  MAX_SECTIONS,
  MAX_TITLE_CHARS,
  mergeSources,
  SEARCHES_PER_SECTION,
  stepCount,
  timeIsUp,
} from './bounds.js';

const anything = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string()));
const proposed = fc.array(fc.record({ title: anything, searches: fc.oneof(anything, fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 8 })) }), {
  maxLength: 10,
});

describe('boundedPlan', () => {
  test('any proposal gives 1 to MAX_SECTIONS titled sections, each with 1 to SEARCHES_PER_SECTION searches within length', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((q) => q.trim() !== ''),
        proposed,
        (question, plan) => {
          const sections = boundedPlan(question, plan);
          expect(sections.length).toBeGreaterThanOrEqual(1);
          expect(sections.length).toBeLessThanOrEqual(MAX_SECTIONS);
          expect(stepCount(sections.length)).toBeLessThanOrEqual(ESTIMATED_STEPS);
          for (const s of sections) {
            expect(s.title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
            expect(s.searches.length).toBeGreaterThanOrEqual(1);
            expect(s.searches.length).toBeLessThanOrEqual(SEARCHES_PER_SECTION);
            for (const q of s.searches) expect(q.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
          }
          expect(new Set(sections.map((s) => s.title.toLowerCase())).size).toBe(sections.length);
        },
      ),
    );
  });

  test('an empty or unusable plan is one section on the question', () => {
    expect(boundedPlan('Why is the sky blue?', [{ title: 42 }, { title: '   ' }])).toEqual([
      { title: 'Why is the sky blue?', searches: ['Why is the sky blue?'] },
    ]);
  });
});

describe('boundedGaps', () => {
  test('only new searches, at most MAX_GAP_SEARCHES, none blank', () => {
    fc.assert(
      fc.property(fc.array(anything, { maxLength: 10 }), fc.array(fc.string(), { maxLength: 5 }), (gaps, searched) => {
        const out = boundedGaps(gaps, searched);
        expect(out.length).toBeLessThanOrEqual(MAX_GAP_SEARCHES);
        const done = new Set(searched.map((q) => q.toLowerCase()));
        for (const q of out) {
          expect(q).not.toBe('');
          expect(done.has(q.toLowerCase())).toBe(false);
        }
      }),
    );
  });
});

describe('mergeSources', () => {
  const source = fc.record({ url: fc.constantFrom('a', 'b', 'c'), content: fc.constantFrom('x', 'y') });
  test('keeps what it had first, adds no copy, and stops at the bound', () => {
    fc.assert(
      fc.property(fc.array(source, { maxLength: 6 }), fc.array(source, { maxLength: 10 }), fc.integer({ min: 1, max: 8 }), (kept, found, max) => {
        const unique = mergeSources([], kept, max);
        const out = mergeSources(unique, found, max);
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out.slice(0, unique.length)).toEqual(unique);
        expect(new Set(out.map((s) => `${s.url}\n${s.content}`)).size).toBe(out.length);
      }),
    );
  });
});

test('the time is up once the limit has passed since the start', () => {
  const bounds = { maxSources: 5, timeLimitMs: 60_000 };
  expect(timeIsUp('2026-01-01T00:00:00Z', new Date('2026-01-01T00:00:59Z'), bounds)).toBe(false);
  expect(timeIsUp('2026-01-01T00:00:00Z', new Date('2026-01-01T00:01:00Z'), bounds)).toBe(true);
});
