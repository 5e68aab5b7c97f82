// Threads over HTTP: ask (and stream the answer), resume the stream, stop, read, list.
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import type { AppContext } from '../app/context.js';
import type { Routes } from '../app/handler.js';
import { HttpProblem } from '../app/problem.js';
import { openSse } from '../app/sse.js';
import { isFinal, type AnswerStreamEvent } from '../answers/stream-events.js';
import { answerSpaceOf, askingInSpace } from '../spaces/answer-space.js';
import { normalizeQuery } from './decide.js';
import type { SearchMode } from './events.js';
import { findEntry, findThreadRow, listLibrary } from './queries.js';
import { deleteThread } from './manage-use-cases.js';
import { liveThread, mayRead, newThreadAsker, readableThread, viewer } from './read-access.js';
import { threadResponse } from './thread-response.js';
import { slugFor } from './slug.js';
import { askInThread, finishEntry, requestStop } from './use-cases.js';
import { summaryView } from './views.js';

type AskBody = {
  query_str: string;
  context_uuid?: string;
  frontend_context_uuid?: string;
  search_mode?: SearchMode;
  model_preference?: string;
  incognito?: boolean;
  collection_uuid?: string;
};

/**
 * Writes `thread` (unless resuming past it), then the workflow's events until the last one: from
 * `live` (the workflow started by this request) while it lasts, then from the recorded stream.
 * `start`, when given, starts the workflow once `thread` is out, so the first byte does not wait
 * for it.
 */
async function streamAnswer(
  res: Response,
  ctx: AppContext,
  backendUuid: string,
  thread: { context_uuid: string; backend_uuid: string },
  after: number | null,
  opts: { live?: ReturnType<AppContext['answers']['follow']>; start?: () => Promise<void> } = {},
) {
  const { live } = opts;
  const sse = openSse(res);
  // The client went away: stop writing. The workflow goes on; the resume endpoint replays it.
  res.on('close', () => {
    live?.close();
    sse.end();
  });
  let id = after === null ? 0 : after;
  // Event `id` k (k >= 1) is the stream's value at offset k - 1.
  const send = (event: AnswerStreamEvent) => {
    sse.send(++id, event.event, event.data);
    return isFinal(event) || sse.closed;
  };
  try {
    if (after === null) sse.send(0, 'thread', thread);
    if (opts.start) {
      try {
        await opts.start();
      } catch (err) {
        ctx.logger.error({ err, backendUuid }, 'answer workflow did not start');
        send({ event: 'failed', data: { backend_uuid: backendUuid, error: 'stream error', detail: STARTING_FAILED } });
        return;
      }
    }
    let done = false;
    if (live) for await (const event of live.events) if ((done = send(event))) break;
    // Without a last event live (it ended early), the record has whatever came after.
    if (!done && !sse.closed) for await (const event of ctx.answers.events(thread, id)) if (send(event)) break;
  } catch (err) {
    ctx.logger.warn({ err, backendUuid }, 'answer stream ended early');
  } finally {
    live?.close();
    sse.end();
  }
}

const STARTING_FAILED = 'The answer could not be started. Try again.';

export const threadRoutes: Routes = {
  async askQuestion(req, res, ctx) {
    const body = req.body as AskBody;
    const query = normalizeQuery(body.query_str);
    const isNew = !body.context_uuid;
    const who = isNew ? await newThreadAsker(req, res, ctx) : await viewer(req, res, ctx);
    // A new thread asked in a Space; a follow-up is answered in the Space its thread is in.
    const inSpace = isNew && body.collection_uuid ? await askingInSpace(req, ctx, body.collection_uuid) : null;
    const space = inSpace?.answer ?? (isNew ? null : await answerSpaceOf(ctx.db, (await findThreadRow(ctx.db, body.context_uuid!))?.collection_uuid ?? null));
    const contextUuid = body.context_uuid ?? randomUUID();
    const backendUuid = randomUUID();
    const mode = body.search_mode ?? 'auto';
    const { thread } = await askInThread(
      ctx.store,
      {
        context_uuid: contextUuid,
        backend_uuid: backendUuid,
        thread_url_slug: slugFor(query, contextUuid),
        frontend_context_uuid: body.frontend_context_uuid ?? null,
        query_str: query,
        search_mode: mode,
        incognito: body.incognito ?? false,
        model: ctx.answers.modelName,
        asker: who,
        space: inSpace?.startIn ?? null,
        now: ctx.now(),
      },
      isNew,
    );
    const created = {
      context_uuid: contextUuid,
      backend_uuid: backendUuid,
      thread_url_slug: thread.thread_url_slug,
      frontend_context_uuid: thread.frontend_context_uuid,
      model: ctx.answers.modelName,
    };
    // Followed before the start, so not one event is missed.
    const live = ctx.answers.follow(backendUuid);
    const start = () =>
      ctx.answers.start({ contextUuid, backendUuid, query, mode, askerUserId: who.user_id, space }).catch(async (err) => {
        // No workflow will end this entry: end it here, as the stream says.
        await finishEntry(ctx.store, contextUuid, backendUuid, { kind: 'failed', answer: '', detail: STARTING_FAILED }, ctx.now());
        throw err;
      });
    await streamAnswer(res, ctx, backendUuid, created, null, { live, start });
  },

  async streamEntryEvents(req, res, ctx) {
    const backendUuid = req.params.backend_uuid as string;
    const entry = await findEntry(ctx.db, backendUuid);
    // A private thread's answer is nobody else's business: the same 404 as an unknown entry.
    const who = await viewer(req, res, ctx);
    const thread = entry && (await findThreadRow(ctx.db, entry.context_uuid));
    if (!entry || !thread || !(await mayRead(ctx.db, thread, who)).readable) throw new HttpProblem(404, 'entry_not_found', 'No such answer.');
    const header = req.get('last-event-id');
    const created = {
      context_uuid: entry.context_uuid,
      backend_uuid: backendUuid,
      thread_url_slug: entry.thread_url_slug,
      frontend_context_uuid: entry.frontend_context_uuid,
      model: entry.model,
    };
    await streamAnswer(res, ctx, backendUuid, created, header === undefined ? null : Number(header));
  },

  async stopEntry(req, res, ctx) {
    const backendUuid = req.params.backend_uuid as string;
    const entry = await findEntry(ctx.db, backendUuid);
    if (!entry) throw new HttpProblem(404, 'entry_not_found', 'No such answer.');
    await requestStop(ctx.store, entry.context_uuid, backendUuid, await viewer(req, res, ctx), ctx.now());
    res.status(204).end();
  },

  async getThread(req, res, ctx) {
    const who = await viewer(req, res, ctx);
    const { thread, claimed, isOwner } = await readableThread(ctx, req.params.entry_uuid_or_slug as string, who);
    res.json(await threadResponse(ctx, thread, { claimed, isOwner, who }));
  },

  async deleteThread(req, res, ctx) {
    const { thread } = await liveThread(ctx, req.params.entry_uuid_or_slug as string);
    await deleteThread(ctx.store, thread.context_uuid, { viewer: await viewer(req, res, ctx), now: ctx.now() });
    res.status(204).end();
  },

  async listThreads(req, res, ctx) {
    const q = typeof req.query.q === 'string' ? req.query.q : undefined;
    const limit = req.query.limit === undefined ? 20 : Number(req.query.limit);
    const offset = req.query.offset === undefined ? 0 : Number(req.query.offset);
    const { rows, total } = await listLibrary(ctx.db, await viewer(req, res, ctx), { q, limit, offset, now: ctx.now() });
    res.json({ items: rows.map(summaryView), total });
  },
};
