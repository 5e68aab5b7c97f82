// Forking a thread (the article's fork, seed 003 §3 social_info): a signed-in reader copies the
// thread's finished answers, as they see them, into a new thread of their own, to ask on from
// there. The copy is private to them; the original counts it as a fork.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../shared/actor.js';
import type { EntryCopied, SearchMode, SourceData, ThreadStarted } from './events.js';
import { threadStream } from './events.js';
import type { ThreadsContext } from './context.js';
import { threadErrors } from './errors.js';
import { entriesOf } from './queries.js';
import { readableThread } from './read-access.js';
import { slugFor } from './slug.js';
import { visibleEntries } from './source-visibility.js';

type CopiedEntry = {
  backend_uuid: string;
  query_str: string;
  search_mode: string;
  status: string;
  model: string;
  answer: string;
  sources: unknown[];
  related_questions: string[];
};

type ForkCommand = {
  contextUuid: string;
  slug: string;
  title: string;
  forkedFrom: string;
  userId: string;
  entries: CopiedEntry[];
  newId: () => string;
  now: Date;
};

/** The fork's events: a private thread of the forker, then each finished answer copied. Nothing finished: nothing to fork. */
export function decideFork(cmd: ForkCommand): [ThreadStarted, ...EntryCopied[]] {
  const finished = cmd.entries.filter((e) => e.status === 'completed');
  if (!finished.length) throw threadErrors.nothingToFork();
  const at = cmd.now.toISOString();
  const started: ThreadStarted = {
    type: 'ThreadStarted',
    data: {
      context_uuid: cmd.contextUuid,
      thread_url_slug: cmd.slug,
      frontend_context_uuid: null,
      title: cmd.title,
      owner_user_id: cmd.userId,
      owner_visitor_id: null,
      thread_access: 'private read',
      incognito: false,
      expiry_time: null,
      started_at: at,
      forked_from: cmd.forkedFrom,
    },
  };
  const copies = finished.map(
    (e): EntryCopied => ({
      type: 'EntryCopied',
      data: {
        context_uuid: cmd.contextUuid,
        backend_uuid: cmd.newId(),
        copied_from: e.backend_uuid,
        query_str: e.query_str,
        search_mode: e.search_mode as SearchMode,
        model: e.model,
        answer: e.answer,
        sources: e.sources as SourceData[],
        related_questions: e.related_questions,
        copied_at: at,
      },
    }),
  );
  return [started, ...copies];
}

/** Forks the thread `key` (slug, context_uuid or an entry's backend_uuid) for the signed-in reader. */
export async function forkThread(ctx: ThreadsContext, actor: Actor, key: string) {
  const userId = await actor.userId();
  if (!userId) throw threadErrors.loginToFork();
  const { thread } = await readableThread(ctx, key, actor);
  // What the forker reads is what is copied: a connector's source they may not read stays out.
  const entries = await visibleEntries(ctx.sourceAccess, userId, await entriesOf(ctx.db, thread.context_uuid));
  const contextUuid = randomUUID();
  const events = decideFork({
    contextUuid,
    slug: slugFor(thread.title, contextUuid),
    title: thread.title,
    forkedFrom: thread.context_uuid,
    userId,
    entries: entries as CopiedEntry[],
    newId: randomUUID,
    now: ctx.now(),
  });
  await ctx.store.append(threadStream(contextUuid), 'no_stream', events);
  return { context_uuid: contextUuid, thread_url_slug: events[0].data.thread_url_slug };
}
