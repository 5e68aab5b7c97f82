// The upload rules for all inputs: batches keep order and size, screening sorts every file into
// exactly one outcome by the seeds' rules, and which repositories take uploads.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_EXTENSIONS, DEFAULT_FILE_MAX_BYTES } from '../../../../../services/files/pure';
import { canUploadTo, DEFAULT_COLLECTION_OWNER, inBatches, screenFiles, UPLOAD_BATCH_SIZE, type ChosenFile } from './upload-rules';

const extension = fc.oneof(fc.constantFrom(...ACCEPTED_EXTENSIONS, '.PDF', '.Md'), fc.constantFrom('.exe', '.zip', '.mp3', '', '.'));
const chosen: fc.Arbitrary<ChosenFile> = fc.record({
  name: fc
    .tuple(
      fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes('.')),
      extension,
    )
    .map(([b, e]) => b + e),
  type: fc.constantFrom('', 'text/plain', 'application/pdf'),
  size: fc.oneof(fc.nat({ max: 2048 }), fc.constant(DEFAULT_FILE_MAX_BYTES), fc.constant(DEFAULT_FILE_MAX_BYTES + 1)),
});

describe('inBatches', () => {
  it('cuts any list into batches of 10 (the last may be shorter) that join back to the list', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 57 }), (items) => {
        const batches = inBatches(items);
        expect(batches.flat()).toEqual(items);
        expect(batches.length).toBe(Math.ceil(items.length / UPLOAD_BATCH_SIZE));
        for (const b of batches.slice(0, -1)) expect(b).toHaveLength(UPLOAD_BATCH_SIZE);
        for (const b of batches) expect(b.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('screenFiles', () => {
  it('puts every file in exactly one outcome, by the seeds’ rules, keeping order', () => {
    fc.assert(
      fc.property(fc.array(chosen, { maxLength: 20 }), fc.boolean(), (files, dropped) => {
        const { accepted, refused, skipped } = screenFiles(files, { dropped });
        expect(accepted.length + refused.length + skipped.length).toBe(files.length);
        expect(accepted).toEqual(files.filter((f) => accepted.includes(f)));
        for (const f of skipped) expect(dropped && f.type === '').toBe(true);
        const accepts = (f: ChosenFile) => ACCEPTED_EXTENSIONS.some((e) => f.name.toLowerCase().endsWith(e)) && f.size <= DEFAULT_FILE_MAX_BYTES;
        for (const f of accepted) expect(accepts(f)).toBe(true);
        for (const r of refused) {
          expect(accepts(r.file)).toBe(false);
          expect(r.message.startsWith(r.file.name)).toBe(true);
        }
      }),
    );
  });

  it('skips an empty content type only on drop', () => {
    const dir = { name: 'photos.png', type: '', size: 0 };
    expect(screenFiles([dir], { dropped: true }).skipped).toEqual([dir]);
    expect(screenFiles([dir], { dropped: false }).accepted).toEqual([dir]);
  });
});

describe('canUploadTo', () => {
  it('takes USER and ORG, and a COLLECTION with a real owner only', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 40 }), { nil: null }), (owner) => {
        expect(canUploadTo({ file_repository_type: 'USER', owner_id: owner })).toBe(true);
        expect(canUploadTo({ file_repository_type: 'ORG', owner_id: owner })).toBe(true);
        const real = owner !== null && owner.trim() !== '' && owner.trim() !== DEFAULT_COLLECTION_OWNER;
        expect(canUploadTo({ file_repository_type: 'COLLECTION', owner_id: owner })).toBe(real);
      }),
    );
  });
});
