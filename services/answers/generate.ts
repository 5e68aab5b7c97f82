// The two steps of answering, free of the workflow runner: find and record the sources, then
// write the answer (streaming its pieces through `emit`) and end the entry exactly once. A
// whole-at-once answer records its sources with its end, in one append.
import { isDeepStrictEqual } from 'node:util';
import type { EventStore } from '../eventstore/store.js';
import {
  type AnswerJob,
  finishEntry,
  recordProSearchSteps,
  recordSources,
  startGeneration,
  stopRequested,
  type ThreadCursor,
  citationFilter,
  sanitizeCitations,
  type AnswerStreamEvent,
  type AnswerStatus,
} from '../threads/index.js';
import { ANSWER_LANGUAGES } from '../settings/index.js';
import { corporaAsked, looksUpMemories, modelNotes, nothingRelevantNotes, searchesWeb, searchModeOf } from './decide.js';
import { INTERRUPTED, modelFailed, timedOut } from './errors.js';
import type { AnswerModel, AnswerToolbox, AnswerToolServers } from './models.js';
import { answerToolCallId } from './tool-call-ids.js';
import { contextualQuery, type Turn } from './follow-up.js';
import { retrieve, type Retrieval, type Sources } from './retrieve.js';
import { toSource, type Passage } from './types.js';
import { withWebFilters } from './filtered-web.js';
import { PLANNING, planFor, proSearch, type ProSearch } from './pro-search/run.js';
import { depthFallbackNotes } from './pro-search/notes.js';

export type AnswerDeps = {
  store: EventStore;
  /** The server's first model: it answers when the job names none (or one no longer configured). */
  model: AnswerModel;
  /** Every configured model by id, when there are several. */
  models?: ReadonlyMap<string, AnswerModel>;
  sources: Sources;
  /** The corpora a user may read (readable.ts); resolved inside the recorded retrieve step. */
  readableCorpora: (userId: string | null) => Promise<string[]>;
  /**
   * Who the asker is to the connected sources (connectors' readerPrincipals), worked out once per
   * question: a connector's passage is found only by someone its source lets read it. Absent:
   * none, so only the passages every reader of the corpora may read.
   */
  readerPrincipals?: (userId: string | null) => Promise<string[]>;
  /** The asker's memories that bear on the question, when they let answers use them (absent: none). */
  memories?: (userId: string, question: string, contextUuid: string) => Promise<Passage[]>;
  /** The thread's answered turns before this entry, so a follow-up is read with them (absent: none). */
  conversation?: (contextUuid: string, backendUuid: string) => Promise<Turn[]>;
  /** Whether the asker's organisation lets them search the web (absent: yes). */
  mayUseWeb?: (userId: string | null) => Promise<boolean>;
  /** Longest wait for the model's first or next piece of text. */
  timeoutMs: number;
  /** The asker's enabled tools for this answer (absent or null: none). */
  tools?: (userId: string, backendUuid: string) => Promise<AnswerToolServers | null>;
  /**
   * `inThread`: what the event says is already in the thread's events (sources found, the entry
   * ended), so it may be shown before the answer's stream has it; a delta's text is not.
   */
  emit: (event: AnswerStreamEvent, opts?: { inThread?: boolean }) => Promise<void>;
  /** Says what the engine is doing on a web answer (searching, reading pages, writing), live only: never recorded. */
  status?: (status: AnswerStatus) => void;
  /** The text a cut-off earlier attempt already streamed (kept when the entry fails). */
  streamedText?: (backendUuid: string) => Promise<string>;
  now?: () => Date;
  stopPollMs?: number;
  /** The thread as the last step here left it, so the next one need not read it again. */
  handoff?: { cursor?: ThreadCursor };
};

/** The model that answers this job. */
export function modelOf(job: AnswerJob, deps: Pick<AnswerDeps, 'model' | 'models'>): AnswerModel {
  return (job.model && deps.models?.get(job.model)) || deps.model;
}

/** What an answer is written from: its sources and notes, and the conversation before it. */
export type Found = Retrieval & { conversation?: Turn[] };

export async function findSources(job: AnswerJob, deps: AnswerDeps): Promise<Found> {
  const now = deps.now ?? (() => new Date());
  const model = modelOf(job, deps);
  // The thread as just asked holding this entry alone has no conversation before it to look up.
  const asked = deps.handoff?.cursor?.state.entries;
  const firstQuestion = !!asked && Object.keys(asked).length <= 1;
  // The lookups of the asker, each a round trip: made at once.
  const [readable, principals, webAllowed, conversation] = await Promise.all([
    deps.readableCorpora(job.askerUserId ?? null),
    deps.readerPrincipals ? deps.readerPrincipals(job.askerUserId ?? null) : Promise.resolve([]),
    deps.mayUseWeb ? deps.mayUseWeb(job.askerUserId ?? null) : true,
    job.conversation?.length
      ? job.conversation
      : deps.conversation && !firstQuestion
        ? deps.conversation(job.contextUuid, job.backendUuid)
        : Promise.resolve([]),
  ]);
  // A follow-up is searched with what the question before it was about.
  const query = contextualQuery(job.query, conversation);
  const space = job.space ?? null;
  const corpora = corporaAsked(readable, space);
  // `web` mode is refused when asked by a member without web search; one already asked is searched as `auto`.
  const mode = searchModeOf(job.mode, webAllowed);
  // The asker's memories are looked up while the other sources search.
  const remembered =
    job.askerUserId && deps.memories && looksUpMemories(mode, job.askerUserId, !!space)
      ? deps.memories(job.askerUserId, query, job.contextUuid)
      : Promise.resolve([]);
  const webHere = (space ? space.web : true) && webAllowed;
  const filtered = withWebFilters(deps.sources, job.filters);
  // Pro Search plans several web searches and reads more pages; without web search it is a quick answer.
  const pro = job.depth === 'pro' && searchesWeb(mode, webHere) && filtered.web ? await startProSearch(job, query, conversation, filtered, model, deps) : null;
  const status = pro && deps.status ? (s: AnswerStatus) => deps.status!(pro.status(s)) : deps.status;
  const [retrieved, memories] = await Promise.all([
    retrieve(query, mode, pro?.sources ?? filtered, corpora, { web: webHere, principals, asked: job.query, status }),
    remembered,
  ]);
  if (pro) await keepProSearchSteps(job, pro, deps, now);
  const found: Found = { ...retrieved, ...(conversation.length ? { conversation } : {}) };
  found.notes.unshift(...depthFallbackNotes(job.depthFallback));
  found.passages.push(...memories);
  found.notes.push(...nothingRelevantNotes(found.passages.length, { mode, webHere, webConfigured: !!deps.sources.web && webAllowed }));
  const language = ANSWER_LANGUAGES[job.personal?.answer_language ?? 'auto'];
  found.notes.push(...modelNotes(model.followsInstructions, { instructions: space?.instructions ?? null, language }));
  // A whole-at-once answer records its sources with its outcome, in one append (writeAnswer).
  if (model.wholeAtOnce) return found;
  const { recorded, cursor } = await recordSources(deps.store, job.contextUuid, job.backendUuid, found.passages.map(toSource), now(), deps.handoff?.cursor);
  if (deps.handoff) deps.handoff.cursor = cursor;
  if (recorded) await deps.emit({ event: 'sources', data: { sources: found.passages.map(toSource) } }, { inThread: true });
  return found;
}

async function startProSearch(
  job: AnswerJob,
  query: string,
  conversation: Turn[],
  sources: AnswerDeps['sources'],
  model: AnswerModel,
  deps: AnswerDeps,
): Promise<ProSearch> {
  const startedAt = Date.now();
  deps.status?.(PLANNING);
  const plan = await planFor(model, job.query, query, conversation.at(-1)?.query ?? '');
  return proSearch(sources, plan, startedAt);
}

/** Records the Pro Search's steps with the entry (once) and shows them. */
async function keepProSearchSteps(job: AnswerJob, pro: ProSearch, deps: AnswerDeps, now: () => Date) {
  const { recorded, steps, cursor } = await recordProSearchSteps(deps.store, job.contextUuid, job.backendUuid, pro.steps(), now(), deps.handoff?.cursor);
  if (deps.handoff) deps.handoff.cursor = cursor;
  if (recorded) await deps.emit({ event: 'pro_search', data: steps }, { inThread: true });
}

class Stop extends Error {}
class Timeout extends Error {}

export async function writeAnswer(job: AnswerJob, found: Found, deps: AnswerDeps): Promise<'completed' | 'stopped' | 'failed' | 'ended'> {
  const now = deps.now ?? (() => new Date());
  const { store, emit } = deps;
  const { contextUuid, backendUuid } = job;
  const passages: Passage[] = found.passages;
  const model = modelOf(job, deps);
  const whole = !!model.wholeAtOnce;
  const start = await startGeneration(store, contextUuid, backendUuid, now(), deps.handoff?.cursor, { record: !whole });
  // Still the thread's state unless a stop came since; finishing then reads it again.
  const cursor = start.cursor;
  const filter = citationFilter(passages.length);
  let answer = '';
  // A whole-at-once answer is recorded with its sources in one append when it ends. Its sources
  // are shown as soon as they are known to be the ones it will record; then, once recorded, one
  // delta of the text, `related` and `completed`. All of it is in the thread's events
  // (replay.ts), in the order shown.
  const sources = whole ? found.passages.map(toSource) : undefined;
  // Sources recorded by an earlier, cut-off attempt are the ones shown; an answer from other
  // passages would cite them wrongly.
  const earlier = cursor.state.entries[backendUuid]?.sources;
  const send = async (text: string) => {
    if (!text) return;
    answer += text;
    if (!whole) await emit({ event: 'delta', data: { text } });
  };
  const showRecorded = async (recorded: string) => {
    if (sources && recorded) await emit({ event: 'delta', data: { text: recorded } }, { inThread: true });
  };
  if (start.ended) return 'ended';
  // Every outcome from here is recorded with these sources, or an earlier attempt's that stand.
  if (sources) await emit({ event: 'sources', data: { sources: earlier ?? sources } });
  if (sources && earlier && !isDeepStrictEqual(earlier, sources)) return fail('', INTERRUPTED);
  if (start.interrupted) return fail((await deps.streamedText?.(backendUuid).catch(() => '')) ?? '', INTERRUPTED);

  const controller = new AbortController();
  let idle: NodeJS.Timeout | undefined;
  const resetIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => controller.abort(new Timeout()), deps.timeoutMs);
  };
  // A stop is an event on the thread; look for it while the model writes, one look at a time:
  // under load a look can take longer than the interval, and looks must not pile up.
  let poll: NodeJS.Timeout | undefined;
  let polling = true;
  const lookForStop = () => {
    poll = setTimeout(() => {
      stopRequested(store, contextUuid, backendUuid).then(
        (stop) => (stop ? controller.abort(new Stop()) : polling && lookForStop()),
        () => polling && lookForStop(),
      );
    }, deps.stopPollMs ?? 200);
  };
  lookForStop();
  const stopPolling = () => {
    polling = false;
    clearTimeout(poll);
  };
  try {
    if (start.stopRequested) throw new Stop();
    // The notes (web search failing, instructions not followed) open the answer as a plain sentence, whatever the
    // model; they go out with its first piece, one write instead of two.
    let opening = found.notes.length ? `${found.notes.join(' ')}\n\n` : '';
    // The asker's tools, for a model that calls tools; a wait for their approval is not the model being slow.
    const toolbox = job.askerUserId && deps.tools && model.followsInstructions ? await deps.tools(job.askerUserId, backendUuid).catch(() => null) : null;
    // Each call is named by this answer and its place in it, so generating again (a resumed
    // workflow) asks the same calls under the same ids.
    let toolCalls = 0;
    const patientToolbox: AnswerToolbox | null = toolbox && {
      tools: toolbox.tools,
      run: async (name, args, signal) => {
        const callId = answerToolCallId(backendUuid, toolCalls++);
        clearTimeout(idle);
        try {
          return (await toolbox.runAs(callId, name, args, signal)).text;
        } finally {
          resetIdle();
        }
      },
    };
    resetIdle();
    for await (const piece of abortable(
      model.stream(job.query, passages, controller.signal, {
        instructions: job.space?.instructions || undefined,
        personal: job.personal,
        conversation: found.conversation,
        toolbox: patientToolbox,
      }),
      controller.signal,
    )) {
      resetIdle();
      await send(opening + filter.push(piece));
      opening = '';
    }
    await send(opening + filter.flush());
    resetIdle();
    const related = await model.related(job.query, passages, answer, controller.signal).catch((err) => {
      if (controller.signal.aborted) throw err;
      return [];
    });
    clearTimeout(idle);
    stopPolling();
    const final = sanitizeCitations(answer, passages.length);
    if (!(await finishEntry(store, contextUuid, backendUuid, { kind: 'completed', answer: final, related_questions: related }, now(), cursor, sources)))
      return 'ended';
    await showRecorded(final);
    await emit({ event: 'related', data: { questions: related } }, { inThread: true });
    await emit({ event: 'completed', data: { backend_uuid: backendUuid, status: 'completed' } }, { inThread: true });
    return 'completed';
  } catch (err) {
    const reason = controller.signal.aborted ? controller.signal.reason : err;
    await send(filter.flush()).catch(() => {});
    if (reason instanceof Stop) {
      if (!(await finishEntry(store, contextUuid, backendUuid, { kind: 'stopped', answer }, now(), cursor, sources))) return 'ended';
      await showRecorded(answer);
      await emit({ event: 'completed', data: { backend_uuid: backendUuid, status: 'stopped' } }, { inThread: true });
      return 'stopped';
    }
    const detail = reason instanceof Timeout ? timedOut(deps.timeoutMs) : modelFailed(messageOf(err));
    return fail(answer, detail);
  } finally {
    clearTimeout(idle);
    stopPolling();
  }

  async function fail(partial: string, detail: string) {
    const kept = sanitizeCitations(partial, passages.length);
    if (!(await finishEntry(store, contextUuid, backendUuid, { kind: 'failed', answer: kept, detail }, now(), cursor, sources))) return 'ended' as const;
    await showRecorded(kept);
    await emit({ event: 'failed', data: { backend_uuid: backendUuid, error: 'stream error', detail } }, { inThread: true });
    return 'failed' as const;
  }
}

/** Ends the iteration as soon as the signal aborts, even while the source waits for its next piece. */
async function* abortable<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncIterable<T> {
  const it = source[Symbol.asyncIterator]();
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {});
  try {
    for (;;) {
      const next = await Promise.race([it.next(), aborted]);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    void it.return?.()?.catch?.(() => {});
  }
}

function messageOf(err: unknown) {
  const m = err instanceof Error ? err.message : String(err);
  return m.length > 200 ? `${m.slice(0, 197)}...` : m;
}
