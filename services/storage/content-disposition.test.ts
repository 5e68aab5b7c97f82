import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.js';

describe('contentDisposition', () => {
  it('names an attachment both plainly and in RFC 5987 form', () => {
    expect(contentDisposition('report.pdf', false)).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
  });

  it('keeps a non-ASCII name exact in filename* and safe in filename', () => {
    expect(contentDisposition('Übersicht (1).pdf', true)).toBe(`inline; filename="_bersicht (1).pdf"; filename*=UTF-8''%C3%9Cbersicht%20%281%29.pdf`);
  });

  it('cannot be broken out of by quotes, backslashes or line breaks', () => {
    const header = contentDisposition('a"b\\c\r\nSet-Cookie: x=1.txt', false);
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`attachment; filename="a_b_c  Set-Cookie: x=1.txt"; filename*=UTF-8''a%22b%5Cc%20%20Set-Cookie%3A%20x%3D1.txt`);
  });

  it('leaves the name out when there is none', () => {
    expect(contentDisposition('', true)).toBe('inline');
  });
});
