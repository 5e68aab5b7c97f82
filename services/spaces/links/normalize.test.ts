// A link is stored in one spelling, and only ever as an http(s) address.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_LINK_LENGTH, normalizeLink } from './normalize.js';

const urlOf = (raw: string) => {
  const result = normalizeLink(raw);
  if (!result.ok) throw new Error(`refused ${raw}: ${result.detail}`);
  return result.url;
};

describe('normalizeLink', () => {
  test.each([
    ['  https://Example.COM/Page  ', 'https://example.com/Page'],
    ['example.com/page', 'https://example.com/page'],
    ['example.com:8080/page', 'https://example.com:8080/page'],
    ['//example.com/x', 'https://example.com/x'],
    ['HTTP://example.com:80/a?b=1#section', 'http://example.com/a?b=1'],
    ['https://example.com:443/', 'https://example.com/'],
    ['https://example.com:8443/', 'https://example.com:8443/'],
    ['https://例え.jp/', 'https://xn--r8jz45g.jp/'],
    ['http://[::1]:8080/', 'http://[::1]:8080/'],
    ['localhost:3000', 'https://localhost:3000/'],
  ])('%s becomes %s', (raw, expected) => {
    expect(urlOf(raw)).toBe(expected);
  });

  test.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['ftp://example.com/file', 'Only http and https'],
    ['javascript:alert(1)', 'Only http and https'],
    ['file:///etc/passwd', 'Only http and https'],
    ['mailto:someone@example.com', 'Only http and https'],
    ['data:text/html,hi', 'Only http and https'],
    ['https://user:secret@example.com/', 'user name or password'],
    ['https://user@example.com/', 'user name or password'],
    ['not a link', 'not a valid web address'],
    ['https://', 'not a valid web address'],
    ['https://!/', 'host name is not valid'],
    ['https://exa mple.com/', 'not a valid web address'],
    [`https://example.com/${'a'.repeat(MAX_LINK_LENGTH)}`, 'longer than 2048'],
  ])('%j is refused (%s)', (raw, why) => {
    const result = normalizeLink(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe('invalid_link');
      expect(result.detail).toContain(why);
    }
  });

  test('a link of exactly the maximum length is accepted', () => {
    const base = 'https://example.com/';
    const raw = base + 'a'.repeat(MAX_LINK_LENGTH - base.length);
    expect(urlOf(raw)).toBe(raw);
  });
});

// Links as people type or paste them: with or without a scheme, odd cases, ports, fragments.
const anyLink = fc.oneof(
  fc.webUrl({ withFragments: true, withQueryParameters: true }),
  fc
    .tuple(
      fc.constantFrom('', 'http://', 'HTTPS://', '//', ' '),
      fc.domain(),
      fc.constantFrom('', ':80', ':443', ':8080'),
      fc.webPath(),
      fc.constantFrom('', '#top', '?q=1#x'),
    )
    .map((parts) => parts.join('')),
  fc.string(),
);

describe('normalizeLink properties', () => {
  test('normalising a normalised link gives the same link', () => {
    fc.assert(
      fc.property(anyLink, (raw) => {
        const once = normalizeLink(raw);
        if (!once.ok) return;
        expect(normalizeLink(once.url)).toEqual(once);
      }),
      { numRuns: 2000 },
    );
  });

  test('never yields another scheme, credentials or a fragment', () => {
    fc.assert(
      fc.property(anyLink, (raw) => {
        const result = normalizeLink(raw);
        if (!result.ok) return;
        const url = new URL(result.url);
        expect(['http:', 'https:']).toContain(url.protocol);
        expect(url.username + url.password).toBe('');
        expect(result.url).not.toContain('#');
        expect(result.url.length).toBeLessThanOrEqual(MAX_LINK_LENGTH);
      }),
      { numRuns: 2000 },
    );
  });
});
