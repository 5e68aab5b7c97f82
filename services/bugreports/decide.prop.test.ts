// Properties of a bug report's rules: any text with words in it is accepted and its title is one
// of its lines (never blank, never longer than the limit, never a line break); any blank text is
// refused; only the nine categories pass; only this server's thread pages name a thread.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BUG_REPORT_CATEGORIES, decideBugReport, MAX_TITLE_LENGTH, threadKeyOf } from './decide.js';

const ORIGIN = 'https://answers.example';
const ctx = { reporter: null, origins: [ORIGIN] };
const blank = fc.array(fc.constantFrom(' ', '\t', '\n', '\r\n'), { maxLength: 20 }).map((a) => a.join(''));

describe('decideBugReport properties', () => {
  test('a text with words is accepted: its title is non-blank, one line, at most the limit, and the text is in the description', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 400 }).filter((s) => s.trim() !== ''),
        (text) => {
          const { issue } = decideBugReport({ bug_text: text }, ctx);
          expect(issue.title.trim()).not.toBe('');
          expect(issue.title).not.toMatch(/[\r\n]/);
          expect([...issue.title].length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
          expect(issue.description).toContain(text.trim());
        },
      ),
    );
  });

  test('a blank text is always refused', () => {
    fc.assert(
      fc.property(blank, (text) => {
        expect(() => decideBugReport({ bug_text: text }, ctx)).toThrow('Please describe the bug');
      }),
    );
  });

  test('a category passes exactly when it is one of the nine', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...BUG_REPORT_CATEGORIES), fc.string({ maxLength: 12 })), (category) => {
        const ok = (BUG_REPORT_CATEGORIES as readonly string[]).includes(category);
        if (ok) expect(() => decideBugReport({ bug_text: 'x', category }, ctx)).not.toThrow();
        else expect(() => decideBugReport({ bug_text: 'x', category }, ctx)).toThrow();
      }),
    );
  });

  test('a thread is named only by a /search/{slug} page of our own origin', () => {
    const slug = fc.stringMatching(/^[a-z0-9-]{1,30}$/).filter((s) => s !== 'new' && s !== 'render');
    fc.assert(
      fc.property(slug, fc.constantFrom(ORIGIN, 'https://other.example', 'http://answers.example'), (s, origin) => {
        expect(threadKeyOf(`${origin}/search/${s}`, [ORIGIN])).toBe(origin === ORIGIN ? s : null);
        expect(threadKeyOf(`${origin}/library/${s}`, [ORIGIN])).toBeNull();
      }),
    );
  });
});
