import { type Compilable, type Kysely, sql } from 'kysely';
import { preparedBuilt } from '../db/database.js';
import type { ThreadsTables } from './tables.js';
import { statementsProjection, type ProjectionStatement } from '../eventstore/types.js';
import { THREAD_EVENT_TYPES, type ThreadEvent } from './events.js';
import { own } from './tables.js';

const write = (query: Compilable): ProjectionStatement[] => [{ query: query.compile(), expectsRow: false }];
const writeRow = (query: Compilable): ProjectionStatement[] => [{ query: query.compile(), expectsRow: true }];

/**
 * `threads` and `thread_entries`: one projection, since an entry's changes touch its thread too.
 * Plain writes from the events' payloads, so an ask's or an answer's go out with its append.
 */
export const threadsProjection = statementsProjection({
  name: 'threads',
  tables: ['threads', 'thread_entries'],
  handles: THREAD_EVENT_TYPES,
  statements(db, event) {
    const e = event as ThreadEvent;
    switch (e.type) {
      case 'ThreadStarted': {
        const d = e.data;
        return write(
          preparedBuilt(
            own(db)
              .insertInto('threads')
              .values({
                context_uuid: d.context_uuid,
                thread_url_slug: d.thread_url_slug,
                frontend_context_uuid: d.frontend_context_uuid,
                title: d.title,
                first_query: d.title,
                owner_user_id: d.owner_user_id,
                owner_visitor_id: d.owner_visitor_id,
                thread_access: d.thread_access,
                incognito: d.incognito,
                expiry_time: d.expiry_time,
                entry_count: 0,
                forked_from: d.forked_from ?? null,
                created_at: d.started_at,
                updated_at: d.started_at,
              }),
          ),
        );
      }
      case 'QuestionAsked': {
        const d = e.data;
        return entryInsert(db, {
          context_uuid: d.context_uuid,
          backend_uuid: d.backend_uuid,
          query_str: d.query_str,
          search_mode: d.search_mode,
          model: d.model,
          search_filters: d.search_filters ? JSON.stringify(d.search_filters) : null,
          research_report: d.research_report ?? false,
          at: d.asked_at,
          status: 'pending',
          answer: '',
          sources: '[]',
          related_questions: '[]',
        });
      }
      case 'EntryCopied': {
        const d = e.data;
        return entryInsert(db, {
          context_uuid: d.context_uuid,
          backend_uuid: d.backend_uuid,
          query_str: d.query_str,
          search_mode: d.search_mode,
          model: d.model,
          search_filters: null,
          at: d.copied_at,
          status: 'completed',
          answer: d.answer,
          sources: JSON.stringify(d.sources),
          related_questions: JSON.stringify(d.related_questions),
        });
      }
      case 'AnswerSourcesFound':
        return write(
          preparedBuilt(
            own(db)
              .updateTable('thread_entries')
              .set({ sources: JSON.stringify(e.data.sources), updated_at: e.data.found_at })
              .where('backend_uuid', '=', e.data.backend_uuid),
          ),
        );
      case 'ProSearchStepsRecorded':
        return write(
          preparedBuilt(
            own(db)
              .updateTable('thread_entries')
              .set({ pro_search_steps: JSON.stringify(e.data.steps), updated_at: e.data.recorded_at })
              .where('backend_uuid', '=', e.data.backend_uuid),
          ),
        );
      case 'AnswerCompleted':
        return finish(db, e.data.backend_uuid, {
          status: 'completed',
          answer: e.data.answer,
          related_questions: JSON.stringify(e.data.related_questions),
          updated_at: e.data.completed_at,
        });
      case 'AnswerStopped':
        return finish(db, e.data.backend_uuid, { status: 'stopped', answer: e.data.answer, updated_at: e.data.stopped_at });
      case 'AnswerFailed':
        return finish(db, e.data.backend_uuid, { status: 'failed', answer: e.data.answer, error: e.data.detail, updated_at: e.data.failed_at });
      case 'ThreadAccessChanged':
        return write(own(db).updateTable('threads').set({ thread_access: e.data.thread_access }).where('context_uuid', '=', e.data.context_uuid));
      case 'ThreadAddedToSpace':
        return write(own(db).updateTable('threads').set({ collection_uuid: e.data.collection_uuid }).where('context_uuid', '=', e.data.context_uuid));
      case 'ThreadRemovedFromSpace':
        return write(
          own(db)
            .updateTable('threads')
            .set({ collection_uuid: null })
            .where('context_uuid', '=', e.data.context_uuid)
            .where('collection_uuid', '=', e.data.collection_uuid),
        );
      case 'ThreadRenamed':
        return write(own(db).updateTable('threads').set({ title: e.data.title }).where('context_uuid', '=', e.data.context_uuid));
      case 'ThreadDeleted':
        // Gone from every listing, link and per-entry call; the events keep what it was.
        return [
          ...write(own(db).deleteFrom('thread_entries').where('context_uuid', '=', e.data.context_uuid)),
          ...write(own(db).deleteFrom('threads').where('context_uuid', '=', e.data.context_uuid)),
        ];
      case 'ThreadExpiryRemoved':
        return write(own(db).updateTable('threads').set({ expiry_time: null }).where('context_uuid', '=', e.data.context_uuid));
      case 'EntrySourcesRemoved':
        return write(
          own(db)
            .updateTable('thread_entries')
            .set({ answer: e.data.answer, sources: JSON.stringify(e.data.sources), updated_at: e.data.removed_at })
            .where('backend_uuid', '=', e.data.backend_uuid),
        );
      default:
        // AnswerGenerationStarted and AnswerStopRequested only steer the workflow; access
        // requests have their own projection (sharing-projection.ts).
        return [];
    }
  },
});

type EntryRow = {
  context_uuid: string;
  backend_uuid: string;
  query_str: string;
  search_mode: string;
  model: string;
  search_filters: string | null;
  /** A copied entry is not a report of its own (its progress stays with the original). */
  research_report?: boolean;
  at: string;
  status: 'pending' | 'completed';
  answer: string;
  sources: string;
  related_questions: string;
};

/**
 * A new entry (a question asked, or a fork's copied answer) in one statement: the thread counts
 * the entry (the first question is the thread's, in full: the title may be cut short), and the
 * entry takes its position from that count, and its owner and incognito (for the owner's latest
 * answers: ownAnsweredEntries).
 */
function entryInsert(db: Kysely<ThreadsTables>, d: EntryRow) {
  return writeRow(
    preparedBuilt(
      db
        .with('thread', (db) =>
          db
            .updateTable('threads')
            .set((eb) => ({
              entry_count: eb('entry_count', '+', 1),
              updated_at: d.at,
              first_query: eb.case().when('entry_count', '=', 0).then(d.query_str).else(eb.ref('first_query')).end(),
            }))
            .where('context_uuid', '=', d.context_uuid)
            .returning(['entry_count', 'owner_user_id', 'incognito']),
        )
        .insertInto('thread_entries')
        .columns([
          'backend_uuid',
          'context_uuid',
          'position',
          'query_str',
          'search_mode',
          'status',
          'answer',
          'sources',
          'related_questions',
          'error',
          'model',
          'search_filters',
          'research_report',
          'owner_user_id',
          'incognito',
          'created_at',
          'updated_at',
        ])
        .expression((eb) =>
          eb
            .selectFrom('thread')
            .select([
              eb.val(d.backend_uuid).as('backend_uuid'),
              eb.val(d.context_uuid).as('context_uuid'),
              'thread.entry_count',
              eb.val(d.query_str).as('query_str'),
              eb.val(d.search_mode).as('search_mode'),
              sql<string>`${d.status}::text`.as('status'),
              eb.val(d.answer).as('answer'),
              sql<string>`${d.sources}::jsonb`.as('sources'),
              sql<string>`${d.related_questions}::jsonb`.as('related_questions'),
              sql<null>`null::text`.as('error'),
              eb.val(d.model).as('model'),
              sql<string | null>`${d.search_filters}::jsonb`.as('search_filters'),
              sql<boolean>`${d.research_report ?? false}::boolean`.as('research_report'),
              'thread.owner_user_id',
              'thread.incognito',
              sql<string>`${d.at}::timestamptz`.as('created_at'),
              sql<string>`${d.at}::timestamptz`.as('updated_at'),
            ]),
        )
        .returning('backend_uuid'),
    ),
  );
}

/** The entry's outcome, and its thread's updated_at, in one statement. */
function finish(
  db: Kysely<ThreadsTables>,
  backendUuid: string,
  set: { status: 'completed' | 'stopped' | 'failed'; answer: string; updated_at: string; related_questions?: string; error?: string },
) {
  return writeRow(
    preparedBuilt(
      db
        .with('entry', (db) => db.updateTable('thread_entries').set(set).where('backend_uuid', '=', backendUuid).returning(['context_uuid']))
        .updateTable('threads')
        .from('entry')
        .set({ updated_at: set.updated_at })
        .whereRef('threads.context_uuid', '=', 'entry.context_uuid')
        .returning('threads.context_uuid'),
    ),
  );
}
