// Threads over HTTP: ask (and stream the answer), resume the stream, stop, read, list.
import type { ThreadsContext } from './context.js';
import { type DomainRoutes, sse } from '../http/handler.js';
import type { SseStream } from '../http/sse.js';
import { isFinal, type AnswerStreamEvent } from './answer-stream-events.js';
import { threadErrors } from './errors.js';
import { findEntry, findThreadRow, listLibrary } from './queries.js';
import { deleteThread } from './manage-use-cases.js';
import { liveThread, mayRead, readableThread, threadFacts } from './read-access.js';
import { threadResponse } from './thread-response.js';
import { requestStop } from './use-cases.js';
import { askClientOf } from './ask-client.js';
import { askQuestion, startingFailedDetail } from './ask-use-case.js';
import { summaryView } from './views.js';
import { searchFiltersView } from './search-filters.js';
import type { SourceData } from './events.js';
import { visibleSources } from './source-visibility.js';

/**
 * Writes `thread` (unless resuming past it), then the workflow's events until the last one: from
 * `live` (the workflow started by this request) while it lasts, then from the recorded stream.
 * `start`, when given, starts the workflow once `thread` is out, so the first byte does not wait
 * for it.
 */
async function streamAnswer(
  sse: SseStream,
  ctx: ThreadsContext,
  backendUuid: string,
  thread: { context_uuid: string; backend_uuid: string },
  after: number | null,
  opts: {
    live?: ReturnType<ThreadsContext['answers']['follow']>;
    start?: () => Promise<void>;
    /** What the reader sees of a `sources` event (another reader than the asker: visibleSources). */
    shown?: (sources: SourceData[]) => Promise<SourceData[]>;
  } = {},
) {
  const { live } = opts;
  // The client went away: stop writing. The workflow goes on; the resume endpoint replays it.
  sse.onClose(() => {
    live?.close();
    sse.end();
  });
  let id = after === null ? 0 : after;
  // Event `id` k (k >= 1) is the stream's value at offset k - 1. A `status` is not in the stream:
  // it repeats the last id, so resuming after it skips nothing.
  const send = async (event: AnswerStreamEvent) => {
    const data = event.event === 'sources' && opts.shown ? { sources: await opts.shown(event.data.sources) } : event.data;
    sse.send(event.event === 'status' ? id : ++id, event.event, data);
    return isFinal(event) || sse.closed;
  };
  try {
    if (after === null) sse.send(0, 'thread', thread);
    if (opts.start) {
      try {
        await opts.start();
      } catch (err) {
        ctx.logger.error({ err, backendUuid }, 'answer workflow did not start');
        await send({ event: 'failed', data: { backend_uuid: backendUuid, error: 'stream error', detail: startingFailedDetail(err) } });
        return;
      }
    }
    let done = false;
    if (live) for await (const event of live.events) if ((done = await send(event))) break;
    // Without a last event live (it ended early), the record has whatever came after.
    if (!done && !sse.closed) for await (const event of ctx.answers.events(thread, id)) if (await send(event)) break;
  } catch (err) {
    ctx.logger.warn({ err, backendUuid }, 'answer stream ended early');
  } finally {
    live?.close();
    sse.end();
  }
}

export const threadRoutes = {
  async askQuestion({ actor, body, headers }, ctx) {
    const { created, start } = await askQuestion(ctx, actor, body, askClientOf(headers));
    // Followed before the start, so not one event is missed.
    const live = ctx.answers.follow(created.backend_uuid);
    return sse((stream) => streamAnswer(stream, ctx, created.backend_uuid, created, null, { live, start }));
  },

  async streamEntryEvents({ actor, path, headers }, ctx) {
    const backendUuid = path.backend_uuid;
    const entry = await findEntry(ctx.db, backendUuid);
    // A private thread's answer is nobody else's business: the same 404 as an unknown entry.
    const thread = entry && (await findThreadRow(ctx.db, entry.context_uuid));
    if (!entry || !thread || !(await mayRead(ctx.db, thread, await threadFacts(actor, thread))).readable) throw threadErrors.entryNotFound();
    const lastEventId = headers['last-event-id'];
    const header = typeof lastEventId === 'string' ? lastEventId : undefined;
    const created = {
      context_uuid: entry.context_uuid,
      backend_uuid: backendUuid,
      thread_url_slug: entry.thread_url_slug,
      frontend_context_uuid: entry.frontend_context_uuid,
      model: entry.model,
      ...(entry.search_filters ? { search_filters: searchFiltersView(entry.search_filters) } : {}),
    };
    const userId = await actor.userId();
    // Whoever follows the answer sees its connector sources as the thread page shows them.
    const shown = (sources: SourceData[]) => visibleSources(ctx.sourceAccess, userId, sources);
    return sse((stream) => streamAnswer(stream, ctx, backendUuid, created, header === undefined ? null : Number(header), { shown }));
  },

  async stopEntry({ actor, path }, ctx) {
    const backendUuid = path.backend_uuid;
    const entry = await findEntry(ctx.db, backendUuid);
    if (!entry) throw threadErrors.entryNotFound();
    await requestStop(ctx.store, entry.context_uuid, backendUuid, actor, ctx.now());
    return { status: 204 };
  },

  async getThread({ actor, path }, ctx) {
    const { thread, claimed, isOwner } = await readableThread(ctx, path.entry_uuid_or_slug, actor);
    return { status: 200, body: await threadResponse(ctx, thread, { claimed, isOwner, actor }) };
  },

  async deleteThread({ actor, path }, ctx) {
    const { thread } = await liveThread(ctx, path.entry_uuid_or_slug);
    await deleteThread(ctx.store, thread.context_uuid, actor, ctx.now());
    return { status: 204 };
  },

  async listThreads({ actor, query }, ctx) {
    const q = typeof query.q === 'string' ? query.q : undefined;
    const limit = query.limit === undefined ? 20 : Number(query.limit);
    const offset = query.offset === undefined ? 0 : Number(query.offset);
    const { rows, total } = await listLibrary(ctx.db, actor, { q, limit, offset, now: ctx.now() });
    return { status: 200, body: { items: rows.map(summaryView), total } };
  },
} satisfies DomainRoutes<ThreadsContext>;
