// Provider text is data: HTML is reduced to its visible text (scripts, styles and handlers gone,
// entities decoded once), and every text is capped without splitting a character.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capText, htmlToText } from './app-text.js';

describe('provider text', () => {
  it('keeps the visible text of HTML, paragraphs as lines, and nothing that would run', () => {
    const html =
      '<html><head><title>t</title><style>p{color:red}</style></head><body><p>Hello&nbsp;<b>there</b></p><script>alert(1)</script>' +
      '<img src=x onerror="alert(2)"><div>&lt;script&gt;kept as text&lt;/script&gt;</div><ul><li>one</li><li>two</li></ul></body></html>';
    expect(htmlToText(html)).toEqual({ text: 'Hello there\n<script>kept as text</script>\none\ntwo', truncated: false });
  });

  it('caps text at the limit without splitting a surrogate pair, and says so', () => {
    expect(capText('abc', 5)).toEqual({ text: 'abc', truncated: false });
    expect(capText('ab😀', 3)).toEqual({ text: 'ab', truncated: true });
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 1, max: 40 }), (s, max) => {
        const { text, truncated } = capText(s, max);
        expect(text.length).toBeLessThanOrEqual(max);
        expect(s.startsWith(text)).toBe(true);
        expect(truncated).toBe(s.length > max);
        expect(text).toBe(Buffer.from(text, 'utf8').toString('utf8'));
      }),
    );
  });

  it('reads no more HTML than four times the limit', () => {
    const { text, truncated } = htmlToText(`<p>${'a'.repeat(1000)}</p>`, 100);
    expect(text).toHaveLength(100);
    expect(truncated).toBe(true);
  });
});
