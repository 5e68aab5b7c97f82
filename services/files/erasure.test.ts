import { describe, expect, it } from 'vitest';
import type { ErasedPerson } from '../eventstore/erasure.js';
import { fileRedactors } from './erasure.js';

const person: ErasedPerson = { userId: 'u1', emails: ['ada@example.com'], names: ['Ada'], streams: new Set(['file-f1']) };
const submitted = {
  file_uuid: 'f1',
  filename: 'Ada medical.pdf',
  uploader_email: 'ada@example.com',
  uploaded_by: 'u1',
  object_key: 'sealed/user/u1/f1/up1/Ada_medical.pdf',
  upload_key: 'files/user/u1/f1/up1/Ada_medical.pdf',
};

describe('file redactors', () => {
  it("blank a removed file's name in both of its keys, the sealed copy's and the upload's", () => {
    const out = fileRedactors.FileSubmitted({ streamId: 'file-f1', data: submitted }, person) as typeof submitted;
    expect(out.object_key).toBe('sealed/user/u1/f1/up1/erased');
    expect(out.upload_key).toBe('files/user/u1/f1/up1/erased');
    expect(JSON.stringify(out)).not.toContain('medical');
  });

  it('keep a file that stays in a Space, less its uploader address', () => {
    const out = fileRedactors.FileSubmitted({ streamId: 'file-f2', data: { ...submitted, file_uuid: 'f2' } }, person) as typeof submitted;
    expect(out.upload_key).toBe(submitted.upload_key);
    expect(out.uploader_email).not.toBe('ada@example.com');
  });
});
