import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedPlan, comparedSides, keyEntities, listParts, MAX_QUERY_CHARS, MAX_SEARCHES, planSearches } from './plan.js';

describe('the offline Pro Search planner', () => {
  it('splits a comparison into its two sides', () => {
    expect(comparedSides('Compare Rust with Go for web servers')).toEqual(['Rust', 'Go for web servers']);
    expect(planSearches('Compare Rust with Go for web servers')).toEqual(
      expect.arrayContaining(['Compare Rust with Go for web servers', 'Rust', 'Go for web servers']),
    );
    expect(comparedSides('Python vs Ruby')).toEqual(['Python', 'Ruby']);
  });

  it('splits a list, each part keeping the words before it', () => {
    expect(listParts('What is the capital of France, Germany and Spain?')).toEqual(['the capital of France', 'the capital of Germany', 'the capital of Spain']);
    expect(planSearches('What is the capital of France and Germany?').slice(0, 3)).toEqual([
      'What is the capital of France and Germany',
      'the capital of France',
      'the capital of Germany',
    ]);
  });

  it('adds a search for the key entities', () => {
    expect(keyEntities('When did Marie Curie win the "Nobel Prize"?')).toEqual(['Nobel Prize', 'Marie Curie']);
    expect(planSearches('When was the Eiffel Tower built?')).toEqual(['When was the Eiffel Tower built', 'Eiffel Tower built']);
  });

  it('plans at least two searches for a simple question', () => {
    expect(planSearches('how does photosynthesis work')).toEqual(['how does photosynthesis work', 'photosynthesis work']);
  });

  it('takes a model plan with the question first, refusing one too short to be a plan', () => {
    expect(acceptedPlan('What is X?', ['X meaning', 'x MEANING', 42, '', 'X history'])).toEqual(['What is X', 'X meaning', 'X history']);
    expect(acceptedPlan('What is X?', ['What is X?'])).toBeNull();
    expect(acceptedPlan('What is X?', 'X meaning')).toBeNull();
  });

  it('always plans 1 to 5 distinct, non-empty, bounded searches, the question first', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc
            .array(fc.constantFrom('compare', 'and', 'with', 'vs', ',', 'Paris', 'the', 'capital', '"x y"', 'Rome', '?'), { maxLength: 30 })
            .map((w) => w.join(' ')),
        ),
        (question) => {
          const plan = planSearches(question);
          expect(plan.length).toBeGreaterThanOrEqual(1);
          expect(plan.length).toBeLessThanOrEqual(MAX_SEARCHES);
          expect(new Set(plan.map((q) => q.toLowerCase())).size).toBe(plan.length);
          for (const q of plan) {
            expect(q.length).toBeGreaterThan(0);
            expect(q.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
          }
        },
      ),
    );
  });

  it('never lets a model plan past the bounds, whatever it proposes', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 300 }),
        fc.array(fc.oneof(fc.string({ maxLength: 500 }), fc.integer()), { maxLength: 20 }),
        (question, proposed) => {
          const plan = acceptedPlan(question, proposed);
          if (plan === null) return;
          expect(plan.length).toBeGreaterThanOrEqual(2);
          expect(plan.length).toBeLessThanOrEqual(MAX_SEARCHES);
          expect(plan.every((q) => q.length <= MAX_QUERY_CHARS)).toBe(true);
        },
      ),
    );
  });
});
