// The rules of a bug report, by example: the seed's words for a blank text, the nine categories,
// the title from the first line, what the tracker is told, and which page is a thread of ours.
import { describe, expect, test } from 'vitest';
import { BUG_REPORT_CATEGORIES, decideBugReport, MAX_TITLE_LENGTH, threadKeyOf, titleOf } from './decide.js';

const ORIGINS = ['https://answers.example'];
const ctx = { reporter: { name: 'Ada', email: 'ada@example.com' }, origins: ORIGINS };

describe('decideBugReport', () => {
  test('a blank text is refused with "Please describe the bug"', () => {
    for (const bug_text of ['', '   ', '\n\t \n'])
      expect(() => decideBugReport({ bug_text }, ctx)).toThrow(
        expect.objectContaining({ code: 'bug_text_required', message: 'Please describe the bug', kind: 'invalid' }),
      );
  });

  test('the nine categories of the seed, and nothing else', () => {
    expect(BUG_REPORT_CATEGORIES).toEqual(['AGENT', 'BROWSER', 'PRODUCT', 'AI', 'ENTERPRISE', 'PLATFORM', 'MOBILE', 'SEARCH', 'WEB']);
    for (const category of BUG_REPORT_CATEGORIES) expect(() => decideBugReport({ bug_text: 'x', category }, ctx)).not.toThrow();
    for (const category of ['BILLING', 'search', ''])
      expect(() => decideBugReport({ bug_text: 'x', category }, ctx)).toThrow(expect.objectContaining({ code: 'unknown_category' }));
  });

  test('category and assignee are optional; the tracker is told the page, category, reporter and assignee', () => {
    const { issue } = decideBugReport(
      { bug_text: 'Crash on save\nSteps: click save.', url: 'https://answers.example/library', email: ' lead@example.com ', category: 'WEB' },
      ctx,
    );
    expect(issue.title).toBe('Crash on save');
    expect(issue.assigneeEmail).toBe('lead@example.com');
    expect(issue.description).toBe(
      'Crash on save\nSteps: click save.\n\n---\n- **Page**: https://answers.example/library\n- **Category**: WEB\n- **Reporter**: Ada <ada@example.com>\n- **Assignee**: lead@example.com\n',
    );
    const bare = decideBugReport({ bug_text: 'Odd' }, { reporter: null, origins: ORIGINS });
    expect(bare.issue.assigneeEmail).toBeNull();
    expect(bare.issue.description).toContain('- **Reporter**: a visitor (not signed in)');
    expect(bare.threadKey).toBeNull();
  });
});

describe('titleOf', () => {
  test('the first line with words, trimmed; a long one cut with an ellipsis', () => {
    expect(titleOf('\n\n  First line  \nsecond')).toBe('First line');
    const long = titleOf('é'.repeat(500));
    expect([...long].length).toBe(MAX_TITLE_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('threadKeyOf', () => {
  test('a thread page of this server, with or without an entry; nothing else', () => {
    expect(threadKeyOf('https://answers.example/search/how-to-share-abc123', ORIGINS)).toBe('how-to-share-abc123');
    expect(threadKeyOf('https://answers.example/search/how-to-share-abc123/entry-1?x=1#top', ORIGINS)).toBe('how-to-share-abc123');
    expect(threadKeyOf('https://answers.example/search/new', ORIGINS)).toBeNull();
    expect(threadKeyOf('https://answers.example/search/render', ORIGINS)).toBeNull();
    expect(threadKeyOf('https://answers.example/spaces/abc', ORIGINS)).toBeNull();
    expect(threadKeyOf('https://elsewhere.example/search/how-to-share-abc123', ORIGINS)).toBeNull();
    expect(threadKeyOf('not a url', ORIGINS)).toBeNull();
    expect(threadKeyOf(null, ORIGINS)).toBeNull();
  });
});
