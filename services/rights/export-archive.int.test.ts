// The archive on real PostgreSQL: a person's thread as JSON and Markdown, a missing stored file
// listed without its bytes, and a part another domain registers added as its own JSON file, with
// the stored objects it names copied in beside it (one gone from storage left out).
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migratedDbWithAuth } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import type { Storage } from '../storage/storage.js';
import { buildArchive, safeName, threadMarkdown } from './export-archive.js';
import { allTables } from '../../tests/support/all-tables.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDbWithAuth());
});
afterAll(async () => close?.());

const at = new Date('2026-02-01T10:00:00Z');
const noBytes = { read: async () => Promise.reject(new Error('gone')) } as unknown as Storage;

describe('buildArchive', () => {
  test('holds the thread, lists a file whose bytes are gone, and adds registered parts', async () => {
    await allTables(db)
      .insertInto('threads')
      .values({
        context_uuid: 't1',
        thread_url_slug: 'why-x',
        frontend_context_uuid: null,
        title: 'Why x?',
        first_query: 'Why x?',
        owner_user_id: 'u1',
        owner_visitor_id: null,
        thread_access: 'private read',
        incognito: false,
        expiry_time: null,
        collection_uuid: null,
        entry_count: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await allTables(db)
      .insertInto('thread_entries')
      .values({
        backend_uuid: 'b1',
        context_uuid: 't1',
        position: 0,
        query_str: 'Why x?',
        search_mode: 'auto',
        status: 'completed',
        answer: 'Because y [1].',
        sources: JSON.stringify([{ url: 'https://y.example/', name: 'Y', snippet: 'y' }]),
        related_questions: '[]',
        error: null,
        model: 'm',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await allTables(db)
      .insertInto('files')
      .values({
        file_uuid: 'f1',
        repo_type: 'USER',
        repo_owner: 'u1',
        filename: 'a/b.txt',
        file_title: 'b',
        content_type: 'text/plain',
        file_type: 'txt',
        is_attachment: false,
        file_size: 3,
        object_key: 'files/user/u1/f1/x/b.txt',
        uploaded_by_user_id: 'u1',
        uploader_email: 'u1@example.com',
        file_state: 'COMPLETE',
        error: null,
        version: 1,
        page_count: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const parts = [
      { path: 'settings/preferences.json', read: async (_db: Db, userId: string) => ({ userId, theme: 'dark' }) },
      {
        path: 'pictures.json',
        read: async () => ['pictures/a.png', 'pictures/b.png'],
        files: async (_db: Db, userId: string) => [
          { path: 'pictures/a.png', object_key: `pictures/${userId}/a` },
          { path: 'pictures/b.png', object_key: `pictures/${userId}/gone` },
        ],
      },
    ];
    const someBytes = {
      read: async (key: string) => (key === 'pictures/u1/a' ? Buffer.from('png bytes') : Promise.reject(new Error('gone'))),
    } as unknown as Storage;
    const zip = await JSZip.loadAsync(await buildArchive({ db, storage: someBytes, parts }, 'u1', at));
    expect(await zip.file('threads/why-x.md')!.async('string')).toBe(
      threadMarkdown({ title: 'Why x?', created_at: at }, [
        {
          query_str: 'Why x?',
          answer: 'Because y [1].',
          sources: [{ url: 'https://y.example/', name: 'Y' }],
          related_questions: [],
          status: 'completed',
          created_at: at,
        },
      ]),
    );
    expect(JSON.parse(await zip.file('threads/why-x.json')!.async('string')).entries[0]).toMatchObject({ question: 'Why x?', answer: 'Because y [1].' });
    expect(JSON.parse(await zip.file('files/index.json')!.async('string'))).toEqual([expect.objectContaining({ file_uuid: 'f1', path: null })]);
    expect(JSON.parse(await zip.file('settings/preferences.json')!.async('string'))).toEqual({ userId: 'u1', theme: 'dark' });
    expect(await zip.file('pictures/a.png')!.async('string')).toBe('png bytes');
    expect(zip.file('pictures/b.png')).toBeNull();
    // Another person's archive holds none of it.
    const other = await JSZip.loadAsync(await buildArchive({ db, storage: noBytes }, 'u2', at));
    expect(JSON.parse(await other.file('threads/index.json')!.async('string'))).toEqual([]);
    expect(JSON.parse(await other.file('files/index.json')!.async('string'))).toEqual([]);
  });
});

describe('the readable parts', () => {
  test('Markdown has the question as a heading, the answer, and numbered sources', () => {
    expect(
      threadMarkdown({ title: 'T', created_at: at }, [
        { query_str: 'Q?', answer: 'A.', sources: [{ url: 'https://s/', name: 'S' }], related_questions: [], status: 'completed', created_at: at },
      ]),
    ).toBe(`# T\n\nStarted ${at.toISOString()}\n\n## Q?\n\nA.\n\n### Sources\n\n1. [S](https://s/)\n`);
  });
  test('file names lose paths and control characters, and never end up empty', () => {
    expect(safeName('../a/b\u0000c.txt', 'f')).toBe('_a_b_c.txt');
    expect(safeName('...', 'fallback')).toBe('fallback');
    expect(safeName('x'.repeat(300), 'f')).toHaveLength(120);
  });
});
