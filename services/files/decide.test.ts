import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { decideDelete, decideIndexResult, decideResync, decideSubmit, decideUploadExpiry, decideUploadStart, type Submission } from './decide.js';
import { evolveFile, NO_FILE, type FileEvent, type FileState } from './events.js';

const now = new Date('2026-11-21T10:00:00Z');
const repo = { type: 'USER' as const, owner_id: 'u1' };
const submission: Submission = {
  file_uuid: 'f1',
  repository: repo,
  filename: 'a.pdf',
  content_type: 'application/pdf',
  file_type: 'pdf',
  is_attachment: false,
  file_size: 10,
  object_key: 'files/user/u1/f1/x/a.pdf',
  uploaded_by: 'u1',
  uploader_email: 'a@example.com',
};

const fold = (events: FileEvent[], from: FileState = NO_FILE) =>
  events.reduce(
    (s, e, i) => evolveFile(s, { ...e, globalPosition: String(i), streamId: 'file-f1', streamVersion: i + 1, metadata: {}, recordedAt: now }),
    from,
  );

const ok = { ok: true as const, title: 'T', description: 'd', page_count: 2, passage_count: 3 };

describe('file decisions', () => {
  it('a new file is version 1 and processing; replacing needs replace_existing and moves it back to processing', () => {
    const first = decideSubmit(NO_FILE, submission, false, now);
    expect(first[0].data).toMatchObject({ version: 1, reason: 'upload' });
    let state = fold([...first, ...decideIndexResult(fold(first), 1, ok, now)]);
    expect(state.status).toBe('COMPLETE');
    expect(() => decideSubmit(state, submission, false, now)).toThrow(expect.objectContaining({ code: 'file_exists' }));
    const again = decideSubmit(state, { ...submission, object_key: 'k2' }, true, now);
    expect(again[0].data).toMatchObject({ version: 2, reason: 'replace' });
    state = fold(again, state);
    expect(state.status).toBe('PROCESSING');
  });

  it('drops a result for an older version, a deleted file, or one already decided', () => {
    const v1 = decideSubmit(NO_FILE, submission, false, now);
    const s1 = fold(v1);
    const s2 = fold(decideSubmit(s1, submission, true, now), s1);
    expect(decideIndexResult(s2, 1, ok, now)).toEqual([]);
    expect(decideIndexResult(s2, 2, { ok: false, error: 'bad' }, now)[0]).toMatchObject({ type: 'FileIndexFailed', data: { version: 2, error: 'bad' } });
    const done = fold(decideIndexResult(s2, 2, ok, now), s2);
    expect(decideIndexResult(done, 2, ok, now)).toEqual([]);
    const gone = fold(decideDelete(s2, repo, 'u1', now), s2);
    expect(decideIndexResult(gone, 2, ok, now)).toEqual([]);
  });

  it('deletes only a file of the named repository, once', () => {
    const s = fold(decideSubmit(NO_FILE, submission, false, now));
    expect(() => decideDelete(s, { type: 'ORG', owner_id: 'o' }, 'u1', now)).toThrow(DomainError);
    const gone = fold(decideDelete(s, repo, 'u1', now), s);
    expect(() => decideDelete(gone, repo, 'u1', now)).toThrow(expect.objectContaining({ code: 'file_not_found' }));
    expect(() => decideSubmit(gone, submission, true, now)).toThrow(expect.objectContaining({ code: 'file_deleted' }));
  });

  it('resyncs a finished document, not an image or a file still processing', () => {
    const s = fold(decideSubmit(NO_FILE, submission, false, now));
    expect(decideResync(s, now)).toEqual([]);
    const failed = fold(decideIndexResult(s, 1, { ok: false, error: 'x' }, now), s);
    expect(decideResync(failed, now)[0].data).toMatchObject({ version: 2, reason: 'resync', object_key: submission.object_key });
    const image = fold(decideSubmit(NO_FILE, { ...submission, file_type: 'png', is_attachment: true }, false, now));
    const imageDone = fold(decideIndexResult(image, 1, { ...ok, passage_count: 0 }, now), image);
    expect(decideResync(imageDone, now)).toEqual([]);
  });
});

describe('pending uploads', () => {
  const started = (key: string, counts_as_new = true) =>
    decideUploadStart(NO_FILE, {
      file_uuid: 'f1',
      repository: repo,
      object_key: key,
      filename: 'a.pdf',
      uploaded_by: 'u1',
      counts_as_new,
      now,
      ttlSeconds: 3600,
    });

  it('an upload form is recorded as pending until its TTL', () => {
    const [e] = started('k1');
    expect(e).toMatchObject({ type: 'FileUploadStarted', data: { object_key: 'k1', counts_as_new: true, expires_at: '2026-11-21T11:00:00.000Z' } });
    expect(fold([e]).uploads).toEqual({ k1: 'pending' });
  });

  it('a pending upload never submitted expires once; a submitted one never does', () => {
    const state = fold([...started('k1'), ...started('k2')]);
    const expired = decideUploadExpiry(state, { file_uuid: 'f1', object_key: 'k1' }, now);
    expect(expired).toEqual([{ type: 'FileUploadExpired', data: { file_uuid: 'f1', object_key: 'k1', expired_at: now.toISOString() } }]);
    const after = fold(expired, state);
    expect(after.uploads.k1).toBe('expired');
    expect(decideUploadExpiry(after, { file_uuid: 'f1', object_key: 'k1' }, now)).toEqual([]);
    const submitted = fold(decideSubmit(after, { ...submission, object_key: 'k2' }, false, now), after);
    expect(submitted.uploads.k2).toBe('submitted');
    expect(decideUploadExpiry(submitted, { file_uuid: 'f1', object_key: 'k2' }, now)).toEqual([]);
    expect(decideUploadExpiry(submitted, { file_uuid: 'f1', object_key: 'unknown' }, now)).toEqual([]);
  });

  it('an expired upload cannot be submitted: its bytes are being removed', () => {
    const state = fold([...started('k1')]);
    const after = fold(decideUploadExpiry(state, { file_uuid: 'f1', object_key: 'k1' }, now), state);
    expect(() => decideSubmit(after, { ...submission, object_key: 'k1' }, false, now)).toThrow(expect.objectContaining({ code: 'upload_expired' }));
  });

  it('no upload to a deleted file', () => {
    const gone = fold([
      ...decideSubmit(NO_FILE, submission, false, now),
      ...decideDelete(fold(decideSubmit(NO_FILE, submission, false, now)), repo, 'u1', now),
    ]);
    expect(() =>
      decideUploadStart(gone, {
        file_uuid: 'f1',
        repository: repo,
        object_key: 'k9',
        filename: 'a.pdf',
        uploaded_by: 'u1',
        counts_as_new: false,
        now,
        ttlSeconds: 60,
      }),
    ).toThrow(expect.objectContaining({ code: 'file_deleted' }));
  });
});
