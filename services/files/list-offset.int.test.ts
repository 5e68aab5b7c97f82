// The offset form of a repository's list (listOffset, POST /rest/files/list) on real PostgreSQL:
// for any files (updated at the same moment or not, synced with readers or withheld with their
// connection, in this repository or another), the pages at every offset, put end to end, are the
// files the reader may see, newest change first (ties by uuid, descending), each page with their
// total; a page past the end is empty and still carries the total.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import { listOffset, type Principals } from './queries.js';
import { own } from './tables.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
});
afterAll(async () => close?.());

const OWNER = 'owner-1';
const WITHHELD = 'connection-withheld';
const CONNECTED = 'connection-live';

type Spec = { mine: boolean; minute: number; readers: string[] | null; connection: string | null; state: 'COMPLETE' | 'PROCESSING' | 'FAILED' };
const fileSpec: fc.Arbitrary<Spec> = fc.record({
  mine: fc.constantFrom(true, true, true, false),
  // Few distinct moments, so that many files tie on updated_at.
  minute: fc.nat(3),
  readers: fc.option(fc.subarray(['user:a', 'user:b']), { nil: null }),
  connection: fc.constantFrom(null, null, CONNECTED, WITHHELD),
  state: fc.constantFrom('COMPLETE', 'PROCESSING', 'FAILED'),
});

type Stored = Spec & { uuid: string };

async function store(specs: Spec[]): Promise<Stored[]> {
  await sql`truncate files, file_withheld_connections`.execute(db);
  await own(db).insertInto('file_withheld_connections').values({ connection_uuid: WITHHELD }).execute();
  const stored = specs.map((s) => ({ ...s, uuid: randomUUID() }));
  if (!stored.length) return stored;
  await own(db)
    .insertInto('files')
    .values(
      stored.map((f) => ({
        file_uuid: f.uuid,
        repo_type: 'USER' as const,
        repo_owner: f.mine ? OWNER : 'owner-2',
        filename: `${f.uuid}.txt`,
        file_title: f.uuid,
        content_type: 'text/plain',
        file_type: 'txt',
        is_attachment: false,
        file_size: 10,
        object_key: `files/${f.uuid}`,
        uploaded_by_user_id: 'u',
        uploader_email: 'u@example.com',
        readers: f.readers,
        connection_uuid: f.connection,
        connection_type: f.connection ? 'google_drive' : null,
        file_state: f.state,
        error: null,
        version: 1,
        page_count: null,
        created_at: new Date(Date.UTC(2026, 0, 1)),
        updated_at: new Date(Date.UTC(2026, 0, 1, 0, f.minute)),
      })),
    )
    .execute();
  return stored;
}

/** What the reader may see of this repository, newest change first, ties by uuid descending. */
function expected(stored: Stored[], principals: Principals): string[] {
  return stored
    .filter((f) => f.mine)
    .filter((f) => !principals || ((f.readers === null || f.readers.some((r) => principals.includes(r))) && f.connection !== WITHHELD))
    .sort((x, y) => y.minute - x.minute || (x.uuid < y.uuid ? 1 : x.uuid > y.uuid ? -1 : 0))
    .map((f) => f.uuid);
}

test('every page of the offset form, end to end, is what the reader may see in order, each with the total', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fileSpec, { maxLength: 25 }),
      fc.integer({ min: 1, max: 7 }),
      fc.constantFrom<Principals>(null, ['user:a'], ['user:b', 'email:x@example.com']),
      async (specs, limit, principals) => {
        const stored = await store(specs);
        const want = expected(stored, principals);
        const seen: string[] = [];
        for (let offset = 0; offset < want.length + limit; offset += limit) {
          const page = await listOffset(db, { type: 'USER', owner_id: OWNER }, { limit, offset, principals });
          expect(page.num_total_files).toBe(want.length);
          expect(page.files.length).toBe(Math.max(0, Math.min(limit, want.length - offset)));
          seen.push(...page.files.map((f) => f.file_uuid));
        }
        expect(seen).toEqual(want);
      },
    ),
    { numRuns: 40 },
  );
});

test("a page's filters narrow the total with it", async () => {
  const stored = await store([
    { mine: true, minute: 1, readers: null, connection: null, state: 'FAILED' },
    { mine: true, minute: 2, readers: null, connection: null, state: 'COMPLETE' },
    { mine: true, minute: 3, readers: null, connection: null, state: 'FAILED' },
  ]);
  const failed = await listOffset(db, { type: 'USER', owner_id: OWNER }, { limit: 1, offset: 1, states: ['FAILED'], principals: null });
  expect([failed.files.map((f) => f.file_uuid), failed.num_total_files]).toEqual([[stored[0].uuid], 2]);
  const named = await listOffset(db, { type: 'USER', owner_id: OWNER }, { limit: 10, offset: 0, search: stored[1].uuid.slice(0, 8), principals: null });
  expect([named.files.map((f) => f.file_uuid), named.num_total_files]).toEqual([[stored[1].uuid], 1]);
});
