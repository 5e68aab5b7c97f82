// An asked question's answer as events, for a caller that is not the thread's SSE stream (the
// answer API): followed live from before its workflow starts, then from the record, until the last.
import { isFinal, type AnswerStreamEvent } from './answer-stream-events.js';
import { startingFailedDetail } from './ask-use-case.js';
import type { ThreadsContext } from './context.js';

export async function* answerEventsOf(
  ctx: ThreadsContext,
  created: { context_uuid: string; backend_uuid: string },
  start: () => Promise<void>,
): AsyncGenerator<AnswerStreamEvent> {
  const live = ctx.answers.follow(created.backend_uuid);
  let seen = 0;
  try {
    try {
      await start();
    } catch (err) {
      ctx.logger.error({ err, backendUuid: created.backend_uuid }, 'answer workflow did not start');
      yield { event: 'failed', data: { backend_uuid: created.backend_uuid, error: 'stream error', detail: startingFailedDetail(err) } };
      return;
    }
    for await (const event of live.events) {
      seen++;
      yield event;
      if (isFinal(event)) return;
    }
    for await (const event of ctx.answers.events(created, seen)) {
      yield event;
      if (isFinal(event)) return;
    }
  } finally {
    live.close();
  }
}
