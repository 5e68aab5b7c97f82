// Answering one entry: find the sources (step), write the answer (step, streaming its pieces to
// the workflow's stream for the SSE handlers), then close the stream; for a model that writes
// its answer whole, both at once with no stream. A restart resumes here: recorded steps are not
// run again, and a cut-off writing step fails the entry cleanly.
import { DBOS, Error as DBOSErrors } from '@dbos-inc/dbos-sdk';
import {
  type AnswerDeps,
  createStreamWriter,
  findSources,
  type LiveFeed,
  modelOf,
  notWritten,
  replayedAnswerEvents,
  writeAnswer,
} from '../services/answers/index.js';
import type { EventStore } from '../services/eventstore/store.js';
import {
  ANSWER_STREAM_KEY,
  type AnswerJob,
  type AnswerStatus,
  type AnswerStreamEvent,
  type AnswerStreamValue,
  eventsOf,
  finishEntry,
  takeAskedThread,
  type ThreadEvent,
  threadStream,
} from '../services/threads/index.js';

export const answerWorkflowId = (backendUuid: string) => `answer-${backendUuid}`;

/** `feed` hands each event to the requests following it here, when stream-writer.ts says it may be shown. */
export function registerAnswer(deps: Omit<AnswerDeps, 'emit'>, feed: LiveFeed) {
  return DBOS.registerWorkflow(
    async (job: AnswerJob) => {
      // A model that writes its answer whole needs no steps between finding and writing, nor a
      // stream: everything it shows is in the thread's events first (sources, then the ended
      // entry), and resuming replays those (replay.ts). Under load that is about half the
      // database round trips per answer.
      const whole = !!modelOf(job, deps).wholeAtOnce;
      const stream = whole
        ? threadOnly((event) => feed.publish(job.backendUuid, event))
        : createStreamWriter(
            (value) => DBOS.writeStream<AnswerStreamValue>(ANSWER_STREAM_KEY, value),
            (event) => feed.publish(job.backendUuid, event),
          );
      const emit = stream.emit;
      // Every step waits for its events' writes before it is recorded, so a recorded step's
      // events are in the stream; a write that failed fails its step, as an awaited one would.
      const recordedStep = async <T>(run: () => Promise<T>): Promise<T> => {
        const outcome = await run().then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        const failed = await stream.flush().then(
          () => null,
          (error: unknown) => ({ error }),
        );
        if ('error' in outcome) throw outcome.error;
        if (failed) throw failed.error;
        return outcome.value;
      };
      // What the engine is doing is shown live only: a recovery has nobody waiting on it.
      const status = (data: AnswerStatus) => feed.publish(job.backendUuid, { event: 'status', data });
      const full: AnswerDeps = { ...deps, emit, status, streamedText, handoff: { cursor: takeAskedThread(job.backendUuid) } };
      try {
        // Not even a step: its record would only say what the thread's events already say. A
        // recovery runs it again, which is safe: every write in it is a decision on the thread
        // that does nothing the second time (and a changed retrieval fails the entry). Answers
        // started since run in the process instead (whole-answer.ts); this is for recovering
        // workflows started before.
        if (whole) return await writeAnswer(job, await findSources(job, full), full);
        const found = await DBOS.runStep(() => recordedStep(() => findSources(job, full)), { name: 'retrieve' });
        return await DBOS.runStep(() => recordedStep(() => writeAnswer(job, found, full)), { name: 'generate' });
      } catch (err) {
        // Anything unexpected (a source or the database failing) still ends the entry.
        return await DBOS.runStep(() => failEntry(job, full, err, recordedStep), { name: 'fail' });
      } finally {
        // Readers stop at the last event (and when the workflow ends); closing is for the rest.
        if (!stream.ended) await DBOS.closeStream(ANSWER_STREAM_KEY);
        feed.end(job.backendUuid);
      }
    },
    { name: 'answer' },
  );
}

export type AnswerWorkflow = ReturnType<typeof registerAnswer>;

/** Ends the entry as failed, saying why, unless it has ended already. */
export async function failEntry(job: AnswerJob, deps: AnswerDeps, err: unknown, recordedStep = <T>(run: () => Promise<T>) => run()) {
  const detail = notWritten(err instanceof Error ? err.message : String(err));
  if (!(await finishEntry(deps.store, job.contextUuid, job.backendUuid, { kind: 'failed', answer: '', detail }, new Date()))) return 'ended' as const;
  await recordedStep(() => deps.emit({ event: 'failed', data: { backend_uuid: job.backendUuid, error: 'stream error', detail } }, { inThread: true }));
  return 'failed' as const;
}

/** Starts the entry's workflow; a second start of the same entry is the same workflow. */
export async function startAnswer(workflow: AnswerWorkflow, job: AnswerJob) {
  await DBOS.startWorkflow(workflow, { workflowID: answerWorkflowId(job.backendUuid) })(job);
}

/**
 * A whole-at-once answer's emitter: every event is shown at once. Its sources go out just
 * before they are recorded with its end, the rest once they are in the thread.
 */
function threadOnly(show: (event: AnswerStreamEvent) => void) {
  return {
    emit: async (event: AnswerStreamEvent) => show(event),
    flush: async () => {},
    // Nothing to close: readers end when the workflow does.
    ended: true,
  };
}

/**
 * The entry's events after the first `skip` (the `id` of the last one seen); ends when the
 * stream closes or the workflow ends. A value may hold several events, so the count starts at
 * the stream's beginning: a stream is short, and resuming is rare. A stream with no events
 * (a whole-at-once answer, or one cut off before its first write) is replayed from the thread;
 * an entry with no workflow (a whole-at-once answer: whole-answer.ts) once `untilEnded` says.
 */
export async function* readAnswerEvents(
  store: EventStore,
  entry: { context_uuid: string; backend_uuid: string },
  skip: number,
  untilEnded: (backendUuid: string) => Promise<void>,
): AsyncIterable<AnswerStreamEvent> {
  let seen = 0;
  try {
    for await (const value of DBOS.readStream<AnswerStreamValue>(answerWorkflowId(entry.backend_uuid), ANSWER_STREAM_KEY))
      for (const event of eventsOf(value)) if (++seen > skip) yield event;
  } catch (err) {
    if (!(err instanceof DBOSErrors.DBOSNonExistentWorkflowError)) throw err;
    await untilEnded(entry.backend_uuid);
  }
  if (seen > 0) return;
  const events = (await store.readStream(threadStream(entry.context_uuid))).map((e) => ({ type: e.type, data: e.data }) as ThreadEvent);
  yield* replayedAnswerEvents(events, entry.backend_uuid).slice(skip);
}

/** The deltas already in the entry's stream: read until nothing more comes for a moment. */
async function streamedText(backendUuid: string) {
  let text = '';
  try {
    for await (const value of DBOS.readStream<AnswerStreamValue>(answerWorkflowId(backendUuid), ANSWER_STREAM_KEY, { timeoutSeconds: 0.3 }))
      for (const e of eventsOf(value)) if (e.event === 'delta') text += e.data.text;
  } catch {
    // The stream stays open while this very workflow runs: the timeout is how the read ends.
  }
  return text;
}
