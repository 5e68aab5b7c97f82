// Only this server's own http(s) links in a kept mail become links; the rest stays text.
import { describe, expect, test } from 'vitest';
import { mailTextParts } from './mail-text';

const ORIGIN = 'http://localhost:3000';

describe('the links of a kept mail', () => {
  test("this server's link becomes a link, without the sentence's full stop", () => {
    expect(mailTextParts(`Open this link:\n${ORIGIN}/verify-email?token=a.b-c_d.\n\nThanks`, ORIGIN)).toEqual([
      { text: 'Open this link:\n' },
      { href: `${ORIGIN}/verify-email?token=a.b-c_d` },
      { text: '.\n\nThanks' },
    ]);
  });

  test("another site's link and another scheme stay text; markup stays text around this server's link", () => {
    const text = 'See https://evil.example/reset-password?token=1 or javascript:alert(1) or data:text/html,<b>x</b>';
    expect(mailTextParts(text, ORIGIN)).toEqual([{ text }]);
    expect(mailTextParts('<a href="http://localhost:3000/x" onclick="y">x</a>', ORIGIN)).toEqual([
      { text: '<a href="' },
      { href: `${ORIGIN}/x` },
      { text: '" onclick="y">x</a>' },
    ]);
  });

  test('a look-alike host is not this server', () => {
    expect(mailTextParts('http://localhost:3000.evil.example/x and http://localhost:30001/y', ORIGIN).some((p) => 'href' in p)).toBe(false);
  });
});
