// Rebuilding the file read models (files, file_uploads, org_file_settings) and the files'
// passages with their BM25 statistics from the log gives back exactly what inline projection
// wrote, for random sequences of file commands run through the real rules and store: upload
// forms and their expiry, uploads, replacements, indexing results (also stale ones, and large
// ones recorded in several events), resyncs, deletes, and synced files' readers changed in place.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { passagesSnapshot } from '../../tests/support/passage-postings.js';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { rebuildProjections } from '../eventstore/rebuild.js';
import { foldPassageStats } from '../passages/index.js';
import { EventStore } from '../eventstore/store.js';
import { DomainError } from '../shared/domain-error.js';
import {
  decideDelete,
  decideIndexResult,
  decideReadersChange,
  decideResync,
  decideSubmit,
  decideUploadExpiry,
  decideUploadStart,
  type Submission,
} from './decide.js';
import { evolveFile, fileStream, NO_FILE, orgFilesStream, type FileEvent, type FilePassagesRecorded } from './events.js';
import { filePassageEvents } from './file-passages.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb());
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

const FILES = ['00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-0000000000f3'];
const repos = [
  { type: 'USER' as const, owner_id: 'user-1' },
  { type: 'COLLECTION' as const, owner_id: '00000000-0000-4000-8000-00000000000a' },
];

type Command =
  | { kind: 'submit'; file: number; repo: number; replace: boolean; name: string; size: number; readers: string[] | null | undefined }
  | { kind: 'result'; file: number; version: number; ok: boolean; pages: number; words: string[]; long: boolean }
  | { kind: 'resync'; file: number }
  | { kind: 'delete'; file: number; repo: number }
  | { kind: 'readers'; file: number; readers: string[] | null }
  | { kind: 'org'; disabled: boolean }
  | { kind: 'upload'; file: number; repo: number; size: number }
  | { kind: 'expire'; file: number; size: number };

const file = fc.nat(FILES.length - 1);
const readers = fc.option(fc.uniqueArray(fc.constantFrom('user:user-1', 'email:ann@example.com', 'domain:example.org'), { maxLength: 3 }), { nil: null });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('submit' as const),
    file,
    repo: fc.nat(1),
    replace: fc.boolean(),
    name: fc.constantFrom('a.pdf', 'b.docx', 'c.png'),
    size: fc.integer({ min: 1, max: 10 ** 7 }),
    // Undefined: an upload; else a file synced from a connector with these readers.
    readers: fc.option(readers, { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('result' as const),
    file,
    version: fc.integer({ min: 1, max: 3 }),
    ok: fc.boolean(),
    pages: fc.nat(40),
    words: fc.array(fc.constantFrom('ledger', 'granite', 'harbour', 'the', 'budgets', 'budget', '2026'), { minLength: 1, maxLength: 8 }),
    // Over a thousand passages: recorded in more than one event.
    long: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('resync' as const), file }),
  fc.record({ kind: fc.constant('delete' as const), file, repo: fc.nat(1) }),
  fc.record({ kind: fc.constant('readers' as const), file, readers }),
  fc.record({ kind: fc.constant('org' as const), disabled: fc.boolean() }),
  fc.record({ kind: fc.constant('upload' as const), file, repo: fc.nat(1), size: fc.integer({ min: 1, max: 10 ** 7 }) }),
  fc.record({ kind: fc.constant('expire' as const), file, size: fc.integer({ min: 1, max: 10 ** 7 }) }),
);

async function decideFile(uuid: string, decide: (state: typeof NO_FILE) => (FileEvent | FilePassagesRecorded)[]) {
  const { state, version } = await store.aggregate(fileStream(uuid), NO_FILE, evolveFile);
  const events = decide(state);
  if (events.length) await store.append(fileStream(uuid), version, events);
}

function run(cmd: Command, now: Date) {
  if (cmd.kind === 'org')
    return store.append(orgFilesStream('org-1'), 'any', [
      { type: 'OrgFileSettingsChanged', data: { org_uuid: 'org-1', downloads_disabled: cmd.disabled, changed_by: 'user-1', changed_at: now.toISOString() } },
    ]);
  const uuid = FILES[cmd.file];
  return decideFile(uuid, (state) => {
    switch (cmd.kind) {
      case 'submit': {
        const type = cmd.name.split('.')[1];
        const submission: Submission = {
          file_uuid: uuid,
          repository: repos[cmd.repo],
          filename: cmd.name,
          content_type: 'application/octet-stream',
          file_type: type,
          is_attachment: type === 'png',
          file_size: cmd.size,
          object_key: `files/${uuid}/${cmd.size}/${cmd.name}`,
          uploaded_by: 'user-1',
          uploader_email: 'user1@example.com',
          ...(cmd.readers !== undefined
            ? { source: { connection_uuid: 'c1', connection_type: 'google_drive', remote_id: uuid, url: null }, readers: cmd.readers }
            : {}),
        };
        return decideSubmit(state, submission, cmd.replace, now);
      }
      case 'result': {
        // As recordOutcome does: a version's passages just before its FileIndexed.
        const count = cmd.long ? 1001 + cmd.pages : cmd.pages;
        const passages = Array.from({ length: count }, (_, i) => ({
          heading: `Page ${(i % Math.max(cmd.pages, 1)) + 1}`,
          content: `${cmd.words.join(' ')} ${i}`,
          page: cmd.pages ? (i % cmd.pages) + 1 : null,
          ordinal: i,
        }));
        const events = decideIndexResult(
          state,
          cmd.version,
          cmd.ok
            ? { ok: true, title: cmd.pages ? `Title ${cmd.pages}` : null, description: 'd', page_count: cmd.pages || null, passage_count: count }
            : { ok: false, error: 'The PDF could not be read.' },
          now,
        );
        if (events[0]?.type !== 'FileIndexed' || !state.current) return events;
        const { current } = state;
        const file = {
          file_uuid: uuid,
          version: cmd.version,
          title: current.filename,
          file_type: current.file_type,
          repository: current.repository,
          ...(current.readers !== undefined ? { readers: current.readers } : {}),
        };
        return [...filePassageEvents(file, passages), ...events];
      }
      case 'resync':
        return decideResync(state, now);
      case 'delete':
        return decideDelete(state, repos[cmd.repo], 'user-1', now);
      case 'readers':
        return decideReadersChange(state, cmd.readers, now);
      case 'upload':
        if (state.uploads[`files/${uuid}/${cmd.size}/a.pdf`]) return [];
        return decideUploadStart(state, {
          file_uuid: uuid,
          repository: repos[cmd.repo],
          object_key: `files/${uuid}/${cmd.size}/a.pdf`,
          filename: 'a.pdf',
          uploaded_by: 'user-1',
          counts_as_new: !state.current,
          now,
          ttlSeconds: 3600,
        });
      case 'expire':
        return decideUploadExpiry(state, { file_uuid: uuid, object_key: `files/${uuid}/${cmd.size}/a.pdf` }, now);
    }
  });
}

const snapshot = async () => ({
  files: (await sql`select * from files order by file_uuid`.execute(db)).rows,
  settings: (await sql`select * from org_file_settings order by org_uuid`.execute(db)).rows,
  uploads: (await sql`select * from file_uploads order by object_key`.execute(db)).rows,
  ...(await passagesSnapshot(db)),
  corpora: (await sql`select * from passage_corpus_stats order by corpus`.execute(db)).rows,
  terms: (await sql`select * from passage_term_stats order by corpus, term`.execute(db)).rows,
});

test('rebuilding the file read models equals inline projection', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(command, fc.integer({ min: 0, max: 10 ** 9 })), { minLength: 1, maxLength: 30 }), async (steps) => {
      await sql`truncate events, files, file_uploads, org_file_settings, passages, passage_corpus_stats, passage_term_stats, passage_stat_changes, passage_segments, passage_postings restart identity`.execute(
        db,
      );
      for (const [cmd, ms] of steps)
        await run(cmd, new Date(Date.UTC(2026, 0, 1) + ms)).catch((err) => {
          if (!(err instanceof DomainError)) throw err;
        });
      // The statistics as the app's folder leaves them once it has folded the writes' changes.
      expect(await foldPassageStats(db)).not.toBe('busy');
      const inline = await snapshot();
      await rebuildProjections(store, 3);
      expect(await snapshot()).toEqual(inline);
    }),
    { numRuns: 25 },
  );
  // 20 s on a quiet machine; over 30 s at load 20 (a fold of the statistics a run).
}, 240_000);
