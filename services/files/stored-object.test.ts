import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filePrefix, objectKeyFor, safeFilename } from './stored-object.js';

const repo = { type: 'USER' as const, owner_id: 'user-1' };

describe('object keys', () => {
  it('keeps a plain name and ties the key to the file and repository', () => {
    expect(objectKeyFor(repo, 'f-1', 'u-1', 'report 2024.pdf')).toBe('files/user/user-1/f-1/u-1/report_2024.pdf');
    expect(objectKeyFor(repo, 'f-1', 'u-1', 'x.pdf').startsWith(filePrefix(repo, 'f-1'))).toBe(true);
  });

  it('never lets a name leave its folder or carry unsafe characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        const safe = safeFilename(name);
        expect(safe).toMatch(/^[A-Za-z0-9._-]{1,100}$/);
        expect(safe.startsWith('.')).toBe(false);
        expect(safe.includes('/')).toBe(false);
      }),
    );
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('..')).toBe('_');
  });

  it('keeps the extension of a long name', () => {
    const safe = safeFilename(`${'a'.repeat(300)}.docx`);
    expect(safe).toHaveLength(100);
    expect(safe.endsWith('.docx')).toBe(true);
  });
});
