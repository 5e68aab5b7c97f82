import { describe, expect, it } from 'vitest';
import { downloadDisposition } from './storage.js';

describe('downloadDisposition', () => {
  it('names an attachment plainly', () => {
    expect(downloadDisposition('report.pdf', false)).toBe('attachment; filename="report.pdf"');
  });

  it('keeps a non-ASCII name exact in filename* and plain ASCII in filename', () => {
    expect(downloadDisposition('Über (1).pdf', true)).toBe(`inline; filename="_ber (1).pdf"; filename*=UTF-8''%C3%9Cber%20%281%29.pdf`);
    expect(downloadDisposition('日本.txt', false)).toBe(`attachment; filename="__.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt`);
  });

  it('cannot be broken out of by quotes or line breaks, and survives a lone surrogate', () => {
    for (const name of ['a"b.txt\r\nSet-Cookie: x=1', 'line\nbreak.txt', '\ud800x.txt']) {
      const header = downloadDisposition(name, false);
      expect(header).not.toMatch(/[\r\n]/);
      expect(header).toMatch(/^attachment; filename="/);
      // One quoted string: any quote inside it is escaped.
      expect(header.replace(/\\"/g, '').match(/"/g)).toHaveLength(2);
    }
  });

  it('leaves the name out when there is none', () => {
    expect(downloadDisposition('', true)).toBe('inline');
    expect(downloadDisposition('  ', false)).toBe('attachment');
  });
});
