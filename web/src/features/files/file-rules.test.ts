// Seed 001 §5: deleting is allowed for USER, ORG, or COLLECTION with an owner; the hook says
// 'Unable to delete files.' otherwise, before calling the server.
import { describe, expect, it } from 'vitest';
import { canDeleteFrom, isImageFile, isPdfFile } from './file-rules';
import { FILE_TEXT } from './file-texts';

describe('canDeleteFrom', () => {
  it('allows My Files, organisation files and a Space’s files', () => {
    expect(canDeleteFrom({ file_repository_type: 'USER' })).toBe(true);
    expect(canDeleteFrom({ file_repository_type: 'ORG', owner_id: null })).toBe(true);
    expect(canDeleteFrom({ file_repository_type: 'COLLECTION', owner_id: 'b1c2' })).toBe(true);
  });

  it('refuses a collection without an owner (the Bookmarks collection)', () => {
    expect(canDeleteFrom({ file_repository_type: 'COLLECTION' })).toBe(false);
    expect(canDeleteFrom({ file_repository_type: 'COLLECTION', owner_id: '  ' })).toBe(false);
    expect(canDeleteFrom({ file_repository_type: 'COLLECTION', owner_id: 'default' })).toBe(false);
    expect(FILE_TEXT.deleteNotAllowed).toBe('Unable to delete files.');
  });

  it('tells images and PDFs by their fields or names', () => {
    expect(isImageFile({ is_attachment: true })).toBe(true);
    expect(isImageFile({ name: 'photo.JPG' })).toBe(true);
    expect(isImageFile({ is_attachment: false, filename: 'photo.png' })).toBe(false);
    expect(isPdfFile({ name: 'paper.pdf' })).toBe(true);
    expect(isPdfFile({ file_type: 'docx', filename: 'a.docx' })).toBe(false);
  });
});
