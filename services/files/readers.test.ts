// A synced file's readers changed at its source (decideReadersChange): refused for a file gone or
// uploaded, nothing for the same readers in any order, else one event on the current version
// that the file's state keeps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideDelete, decideIndexResult, decideReadersChange, decideSubmit, sameReaders, type Submission } from './decide.js';
import { evolveFile, NO_FILE, type FileEvent, type FileState } from './events.js';

const now = new Date('2026-12-02T10:00:00Z');
const repo = { type: 'ORG' as const, owner_id: 'org-1' };
const upload: Submission = {
  file_uuid: 'f1',
  repository: repo,
  filename: 'a.txt',
  content_type: 'text/plain',
  file_type: 'txt',
  is_attachment: false,
  file_size: 10,
  object_key: 'sealed/org/org-1/f1/x/a.txt',
  uploaded_by: 'u1',
  uploader_email: 'a@example.com',
};
const synced = (readers: string[] | null | undefined): Submission => ({
  ...upload,
  source: { connection_uuid: 'c1', connection_type: 'google_drive', remote_id: 'r1', url: null },
  ...(readers !== undefined ? { readers } : {}),
});

const fold = (events: FileEvent[], from: FileState = NO_FILE) =>
  events.reduce(
    (s, e, i) => evolveFile(s, { ...e, globalPosition: String(i), streamId: 'file-f1', streamVersion: i + 1, metadata: {}, recordedAt: now }),
    from,
  );
const submitted = (s: Submission) => fold(decideSubmit(NO_FILE, s, false, now));

const principal = fc.constantFrom('user:u1', 'email:ann@example.com', 'email:ben@example.com', 'domain:example.org', 'group:slack_channel:c1:C1');
const readers = fc.option(fc.array(principal, { maxLength: 6 }), { nil: null });

describe("a synced file's readers", () => {
  it('are refused for a file never submitted, one uploaded, or one deleted', () => {
    expect(() => decideReadersChange(NO_FILE, ['user:u1'], now)).toThrow(expect.objectContaining({ code: 'file_not_found' }));
    expect(() => decideReadersChange(submitted(upload), ['user:u1'], now)).toThrow(expect.objectContaining({ code: 'file_not_synced' }));
    const s = submitted(synced(['user:u1']));
    const gone = fold(decideDelete(s, repo, 'u1', now), s);
    expect(() => decideReadersChange(gone, ['user:u2'], now)).toThrow(expect.objectContaining({ code: 'file_deleted' }));
  });

  it('change nothing when they are the same ones in any order or repeated', () => {
    fc.assert(
      fc.property(fc.array(principal, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 12 }), (given, picks) => {
        // The same set again: shuffled, with repeats.
        const again = given.length ? [...given].reverse().concat(picks.map((p) => given[p % given.length])) : [];
        expect(decideReadersChange(submitted(synced(given)), again, now)).toEqual([]);
      }),
    );
    // Absent (from before readers were kept) is everyone, as null is; nobody is not everyone.
    expect(decideReadersChange(submitted(synced(undefined)), null, now)).toEqual([]);
    expect(decideReadersChange(submitted(synced(null)), [], now)).toHaveLength(1);
  });

  it('are recorded once on the current version when they differ, and kept by the state for the passages indexed next', () => {
    fc.assert(
      fc.property(readers, readers, fc.boolean(), (before, after, indexed) => {
        let s = submitted(synced(before));
        if (indexed) s = fold(decideIndexResult(s, 1, { ok: true, title: null, description: '', page_count: null, passage_count: 1 }, now), s);
        const events = decideReadersChange(s, after, now);
        expect(events.length).toBe(sameReaders(before, after) ? 0 : 1);
        if (!events.length) return;
        expect(events[0]).toEqual({
          type: 'FileReadersChanged',
          data: { file_uuid: 'f1', version: 1, repository: repo, readers: after ? [...new Set(after)] : null, changed_at: now.toISOString() },
        });
        const next = fold(events, s);
        expect(next.current?.readers).toEqual(events[0].data.readers);
        expect([next.status, next.current?.version]).toEqual([s.status, 1]);
        expect(decideReadersChange(next, after, now)).toEqual([]);
      }),
    );
  });
});
