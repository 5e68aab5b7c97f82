// The insights consumer and view with the ports services/app wires (threads' threadOwnersOf and
// answerOwnerOf, files' fileRepositoryOf, spaces' spaceTitlesOf), on rows written directly: what
// is counted for whose organisation, and what is not. The HTTP path is in orgs.int.test.ts; this
// one covers the answers with failed citations, which offline answers never are, and synced files
// whose source names their readers, which the files indexed leave out.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../services/db/database.js';
import type { StoredEvent } from '../../services/eventstore/types.js';
import { fileRepositoryOf } from '../../services/files/index.js';
import { insightsConsumer } from '../../services/orgs/index.js';
import { orgInsights } from '../../services/orgs/insights.js';
import { spaceTitlesOf } from '../../services/spaces/index.js';
import { answerOwnerOf, threadOwnersOf } from '../../services/threads/index.js';
import { allTables } from '../support/all-tables.js';
import { migratedDb } from '../support/database.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb());
});
afterAll(async () => close?.());

const DAY = '2026-03-02';
const at = `${DAY}T10:00:00.000Z`;

async function member(org: string, user: string, joined: string) {
  await allTables(db)
    .insertInto('org_members')
    .values({ member_id: `${org}-${user}`, org_uuid: org, user_id: user, email: `${user}@example.com`, role: 'member', joined_at: joined })
    .execute();
}

async function thread(context: string, owner: string | null, space: string | null) {
  await allTables(db)
    .insertInto('threads')
    .values({
      context_uuid: context,
      thread_url_slug: `slug-${context}`,
      frontend_context_uuid: null,
      title: 'A question',
      first_query: 'A question',
      owner_user_id: owner,
      owner_visitor_id: owner ? null : 'visitor-1',
      thread_access: 'owner-only',
      incognito: false,
      expiry_time: null,
      collection_uuid: space,
      entry_count: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

async function entry(backend: string, context: string, owner: string | null, sources: number) {
  await allTables(db)
    .insertInto('thread_entries')
    .values({
      backend_uuid: backend,
      context_uuid: context,
      position: 0,
      query_str: 'A question',
      search_mode: 'auto',
      status: 'completed',
      answer: 'An answer',
      sources: JSON.stringify(Array.from({ length: sources }, (_, i) => ({ url: `https://example.com/${i}` }))),
      related_questions: '[]',
      error: null,
      model: 'offline-extractive',
      owner_user_id: owner,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

async function file(uuid: string, repoType: 'USER' | 'ORG', owner: string, readers: string[] | null = null) {
  await allTables(db)
    .insertInto('files')
    .values({
      file_uuid: uuid,
      repo_type: repoType,
      repo_owner: owner,
      filename: `${uuid}.txt`,
      file_title: uuid,
      content_type: 'text/plain',
      file_type: 'txt',
      is_attachment: false,
      file_size: 5,
      object_key: `objects/${uuid}`,
      uploaded_by_user_id: 'ada',
      uploader_email: 'ada@example.com',
      file_state: 'COMPLETE',
      error: null,
      version: 1,
      page_count: null,
      readers,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

let position = 0;
const event = (type: string, data: Record<string, unknown>) =>
  ({ globalPosition: String(++position), streamId: 's', streamVersion: position, type, data, metadata: {}, recordedAt: new Date(at) }) as StoredEvent;

test('questions, failed citations and files are counted for the organisation their person joined first', async () => {
  // Ada is in org-a (first) and org-b; Bob in org-a; Stan in none; t-visitor has no person.
  await member('org-a', 'ada', '2026-01-01T00:00:00Z');
  await member('org-b', 'ada', '2026-02-01T00:00:00Z');
  await member('org-a', 'bob', '2026-01-02T00:00:00Z');
  await allTables(db)
    .insertInto('spaces')
    .values({
      uuid: 'space-1',
      slug: 'handbook',
      title: 'Handbook questions',
      description: '',
      instructions: '',
      emoji: '',
      access: 1,
      enable_web_by_default: false,
      template_id: null,
      owner_user_id: 'ada',
      links: '[]',
      created_at: at,
      updated_at: at,
    })
    .execute();
  await thread('t-ada', 'ada', 'space-1');
  await thread('t-bob', 'bob', 'space-gone');
  await thread('t-stan', 'stan', null);
  await thread('t-visitor', null, null);
  await entry('e-uncited', 't-bob', 'bob', 2);
  await entry('e-cited', 't-ada', 'ada', 2);
  await entry('e-no-sources', 't-bob', 'bob', 0);
  await entry('e-stan', 't-stan', 'stan', 1);
  await file('f-org', 'ORG', 'org-a');
  await file('f-user', 'USER', 'ada');
  // A synced file only some members may read at its source: not counted for owners and admins who may not (issue 32).
  await file('f-org-restricted', 'ORG', 'org-a', ['email:bob@example.com']);

  const asked = (context: string) => event('QuestionAsked', { context_uuid: context, asked_at: at });
  const completed = (backend: string, answer: string) => event('AnswerCompleted', { backend_uuid: backend, answer, completed_at: at });
  const consumer = insightsConsumer({ threadOwnersOf, answerOwnerOf, fileRepositoryOf });
  await db
    .transaction()
    .execute((trx) =>
      consumer(trx, [
        asked('t-ada'),
        asked('t-ada'),
        asked('t-bob'),
        asked('t-stan'),
        asked('t-visitor'),
        asked('t-unknown'),
        completed('e-uncited', 'No marker here.'),
        completed('e-cited', 'Cited [1].'),
        completed('e-no-sources', 'Nothing to cite.'),
        completed('e-stan', 'No marker either.'),
        event('FileIndexed', { file_uuid: 'f-org', indexed_at: at }),
        event('FileIndexed', { file_uuid: 'f-user', indexed_at: at }),
        event('FileIndexed', { file_uuid: 'f-org-restricted', indexed_at: at }),
      ]),
    );

  const daily = await allTables(db).selectFrom('org_insights_daily').selectAll().orderBy('org_uuid').execute();
  expect(daily.map(({ day: _day, ...counts }) => counts)).toEqual([
    { org_uuid: 'org-a', questions: 3, active_members: 2, files_indexed: 1, failed_citation_answers: 1 },
  ]);
  const spaces = await allTables(db).selectFrom('org_insights_spaces').select(['org_uuid', 'space_uuid', 'questions']).orderBy('space_uuid').execute();
  expect(spaces).toEqual([
    { org_uuid: 'org-a', space_uuid: 'space-1', questions: 2 },
    { org_uuid: 'org-a', space_uuid: 'space-gone', questions: 1 },
  ]);

  const view = await orgInsights({ db, spaceTitles: (uuids) => spaceTitlesOf(db, uuids) }, 'org-a', 7, new Date(`${DAY}T12:00:00Z`));
  expect(view.totals).toEqual({ questions: 3, active_members: 2, files_indexed: 1, failed_citation_answers: 1 });
  expect(view.top_spaces).toEqual([
    { uuid: 'space-1', title: 'Handbook questions', questions: 2 },
    { uuid: 'space-gone', title: 'A deleted Space', questions: 1 },
  ]);
});
