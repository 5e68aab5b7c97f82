// Answering one entry: find the sources (step), write the answer (step, streaming its pieces to
// the workflow's stream for the SSE handlers), then close the stream. A restart resumes here:
// recorded steps are not run again, and a cut-off writing step fails the entry cleanly.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { findSources, writeAnswer, type AnswerDeps, type AnswerJob } from '../services/answers/generate.js';
import type { LiveFeed } from '../services/answers/live-feed.js';
import { ANSWER_STREAM_KEY, isFinal, type AnswerStreamEvent } from '../services/answers/stream-events.js';
import { finishEntry } from '../services/threads/use-cases.js';

export const answerWorkflowId = (backendUuid: string) => `answer-${backendUuid}`;

/** `feed` hands each event, once written to the stream, to the requests following it here. */
export function registerAnswer(deps: Omit<AnswerDeps, 'emit'>, feed: LiveFeed) {
  return DBOS.registerWorkflow(
    async (job: AnswerJob) => {
      let ended = false;
      const emit = async (event: AnswerStreamEvent) => {
        await DBOS.writeStream(ANSWER_STREAM_KEY, event);
        ended ||= isFinal(event);
        feed.publish(job.backendUuid, event);
      };
      const full: AnswerDeps = { ...deps, emit, streamedText };
      try {
        const found = await DBOS.runStep(() => findSources(job, full), { name: 'retrieve' });
        return await DBOS.runStep(() => writeAnswer(job, found, full), { name: 'generate' });
      } catch (err) {
        // Anything unexpected (a source or the database failing) still ends the entry.
        const detail = `The answer could not be written: ${err instanceof Error ? err.message : String(err)}`;
        return await DBOS.runStep(
          async () => {
            if (!(await finishEntry(deps.store, job.contextUuid, job.backendUuid, { kind: 'failed', answer: '', detail }, new Date()))) return 'ended';
            await full.emit({ event: 'failed', data: { backend_uuid: job.backendUuid, error: 'stream error', detail } });
            return 'failed';
          },
          { name: 'fail' },
        );
      } finally {
        // Readers stop at the last event (and when the workflow ends); closing is for the rest.
        if (!ended) await DBOS.closeStream(ANSWER_STREAM_KEY);
        feed.end(job.backendUuid);
      }
    },
    { name: 'answer' },
  );
}

export type AnswerWorkflow = ReturnType<typeof registerAnswer>;

/** Starts the entry's workflow; a second start of the same entry is the same workflow. */
export async function startAnswer(workflow: AnswerWorkflow, job: AnswerJob) {
  await DBOS.startWorkflow(workflow, { workflowID: answerWorkflowId(job.backendUuid) })(job);
}

/** The entry's streamed events from `offset` on; ends when the stream closes or the workflow ends. */
export function readAnswerEvents(backendUuid: string, offset: number): AsyncIterable<AnswerStreamEvent> {
  return DBOS.readStream<AnswerStreamEvent>(answerWorkflowId(backendUuid), ANSWER_STREAM_KEY, { offset });
}

/** The deltas already in the entry's stream: read until nothing more comes for a moment. */
async function streamedText(backendUuid: string) {
  let text = '';
  try {
    for await (const e of DBOS.readStream<AnswerStreamEvent>(answerWorkflowId(backendUuid), ANSWER_STREAM_KEY, { timeoutSeconds: 0.3 }))
      if (e.event === 'delta') text += e.data.text;
  } catch {
    // The stream stays open while this very workflow runs: the timeout is how the read ends.
  }
  return text;
}
