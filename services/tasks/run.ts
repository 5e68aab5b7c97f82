// One run of a task: its prompt asked as its owner (with the task's model and sources) in the
// task's own thread (the first run starts it), then the outcome recorded on the task. Every id
// comes from the task and the occurrence, so a run repeated after a crash asks nothing twice:
// the thread is the task's, the entry the occurrence's.
import { factsFor } from '../shared/actor.js';
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import { settingsOf } from '../settings/index.js';
import { answerSpaceOf } from '../spaces/index.js';
import { type AnswerJob, askInThread, entryOutcomeOf, MAX_QUERY_LENGTH, slugFor, threadErrors, threadSpaceOf } from '../threads/index.js';
import { decideFinishRun, decideStartRun, type RunOutcome } from './decide.js';
import type { TaskEvent } from './events.js';
import { changeTask, type TaskCursor } from './use-cases.js';

/** The answer engine as a run needs it: start answering an entry, and wait until it has ended. */
export type RunAnswers = { start: (job: AnswerJob) => Promise<void>; untilEnded: (backendUuid: string) => Promise<void> };
export type TaskRunDeps = { store: EventStore; db: Db; now: () => Date; answers: RunAnswers };

/** A UUID made from a name, so the same task and occurrence always name the same thread and entry. */
export function uuidFrom(name: string) {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
export const taskThreadUuid = (taskId: string) => uuidFrom(`task-thread:${taskId}`);
export const runEntryUuid = (taskId: string, occurrenceKey: string) => uuidFrom(`task-run:${taskId}:${occurrenceKey}`);

export type StartedRun =
  | { run: false }
  | {
      run: true;
      /** Begun just now (not by an earlier attempt of this run): nothing of it was asked yet. */
      fresh: boolean;
      ownerId: string;
      prompt: string;
      model: string;
      sources: string[];
      title: string;
      /** The task as begun, so the run's end need not read it again. */
      task: TaskCursor;
    };

/**
 * Starts the occurrence on the task (once), or says it is not to run (paused, expired, deleted,
 * ended already). Again for the same occurrence, it says to run while the run has not ended, so
 * a run repeated after a crash carries on.
 */
export async function beginRun(deps: TaskRunDeps, cmd: { taskId: string; occurrenceKey: string; occurrenceAt?: string }): Promise<StartedRun> {
  const { events, result, state, version } = await changeTask(deps.store, cmd.taskId, (s) => {
    const d = decideStartRun(s, { occurrenceKey: cmd.occurrenceKey, now: deps.now(), occurrenceAt: cmd.occurrenceAt ? new Date(cmd.occurrenceAt) : undefined });
    return { events: d.events, result: d.run };
  });
  const task = state.task;
  if (!result || !task) return { run: false };
  return {
    run: true,
    fresh: events.length > 0,
    ownerId: task.owner_id,
    prompt: task.query.prompt,
    model: task.query.search_model,
    sources: task.query.sources,
    title: task.title,
    task: { state, version },
  };
}

const modeOf = (sources: readonly string[]) => (sources.includes('web') && sources.includes('help') ? 'auto' : sources.includes('help') ? 'help' : 'web');

/**
 * The search mode of a run: its sources', except that a task whose thread is in a Space searches
 * the Space's files too (`web` alone would skip them whenever the web found something); the
 * Space's own web setting then says whether the web is searched.
 */
export const runModeOf = (sources: readonly string[], inSpace: boolean) => {
  const mode = modeOf(sources);
  return inSpace && mode === 'web' ? 'auto' : mode;
};

/** The question a run asks: the prompt, and why it runs when something made it (an alert's move). */
export function runQuestion(prompt: string, reason?: string) {
  const q = reason ? `${prompt}\n\n${reason}` : prompt;
  return [...q].slice(0, MAX_QUERY_LENGTH).join('');
}

export type AskedRun = { job: AnswerJob; pending: boolean } | { failed: RunOutcome };

/** Asks the run's question in the task's thread, unless asked already; says whether its answer is still to come. */
export async function askQuestion(
  deps: Pick<TaskRunDeps, 'store' | 'db' | 'now'>,
  run: Extract<StartedRun, { run: true }>,
  cmd: { taskId: string; occurrenceKey: string; reason?: string },
): Promise<AskedRun> {
  const contextUuid = taskThreadUuid(cmd.taskId);
  const backendUuid = runEntryUuid(cmd.taskId, cmd.occurrenceKey);
  const query = runQuestion(run.prompt, cmd.reason);
  // A run begun just now has asked nothing yet; one carried on after a crash may have.
  const [settings, asked, threadSpace] = await Promise.all([
    settingsOf(deps.db, run.ownerId),
    run.fresh ? undefined : entryOutcomeOf(deps.db, backendUuid),
    threadSpaceOf(deps.db, contextUuid),
  ]);
  const started = threadSpace !== undefined;
  // The task's thread moved into a Space: the run answers there, with the Space's files and instructions, as a follow-up would.
  const space = threadSpace ? await answerSpaceOf(deps.db, threadSpace) : null;
  const mode = runModeOf(run.sources, !!space);
  const personal = { answer_language: settings.answer_language, about_me: settings.about_me, answer_style: settings.answer_style };
  const job: AnswerJob = { contextUuid, backendUuid, query, mode, askerUserId: run.ownerId, space, model: run.model, personal };
  // Asked already: the answer is to the question asked then, even if the task changed since.
  if (asked) return { job: { ...job, query: asked.query_str }, pending: asked.status === 'pending' };
  const ask = (isNew: boolean) =>
    askInThread(
      deps.store,
      {
        context_uuid: contextUuid,
        backend_uuid: backendUuid,
        thread_url_slug: slugFor(run.title, contextUuid),
        frontend_context_uuid: null,
        query_str: query,
        search_mode: mode,
        incognito: false,
        model: run.model,
        asker: { ...factsFor(run.ownerId), visitor_id: `task-${cmd.taskId}` },
        space: null,
        now: deps.now(),
      },
      isNew,
    );
  try {
    await ask(!started);
  } catch (err) {
    const code = (err as { code?: string }).code;
    // The owner deleted the task's thread: the run cannot add to it.
    if (code === threadErrors.threadNotFound().code || code === threadErrors.threadExists().code)
      return { failed: { ok: false, reason: "The task's thread was deleted." } };
    if (code !== threadErrors.entryExists().code) throw err;
  }
  return { job, pending: true };
}

/** Waits (boundedly) until the entry's answer has ended; returns the entry as last read. */
export async function untilAnswered(deps: Pick<TaskRunDeps, 'db' | 'answers'>, backendUuid: string) {
  let entry: RunEntry | undefined;
  for (let i = 0; i < 100; i++) {
    await deps.answers.untilEnded(backendUuid);
    entry = await entryOutcomeOf(deps.db, backendUuid);
    if (entry?.status !== 'pending') break;
  }
  return entry;
}

/** How the run's answer ended: succeeded with the thread, or failed with why. */
export function answerOutcome(entry: RunEntry | undefined): RunOutcome {
  if (!entry || entry.status === 'pending') return { ok: false, reason: 'The answer did not end in time.' };
  if (entry.status !== 'completed') return { ok: false, reason: entry.error || `The answer ${entry.status === 'stopped' ? 'was stopped' : 'failed'}.` };
  return { ok: true, thread_slug: entry.thread_url_slug, context_uuid: entry.context_uuid };
}

type RunEntry = NonNullable<Awaited<ReturnType<typeof entryOutcomeOf>>>;

/**
 * Records how the run ended (the answer's outcome unless one is given; the entry is read when
 * neither is); returns the event appended (none when it had ended already). `task`: the task as
 * the run began it, read again only when it has changed since.
 */
export async function endRun(
  deps: Pick<TaskRunDeps, 'store' | 'db' | 'now'>,
  cmd: { taskId: string; occurrenceKey: string; outcome?: RunOutcome; task?: TaskCursor },
) {
  const outcome = cmd.outcome ?? answerOutcome(await entryOutcomeOf(deps.db, runEntryUuid(cmd.taskId, cmd.occurrenceKey)));
  const { events } = await changeTask(
    deps.store,
    cmd.taskId,
    (s) => ({ events: decideFinishRun(s, { occurrenceKey: cmd.occurrenceKey, now: deps.now(), outcome }), result: null }),
    cmd.task,
  );
  return { outcome, event: (events[0] as TaskEvent | undefined) ?? null };
}
