// The threads' own events for many threads at once: consumers in other domains take the log in
// batches, and one read for a batch costs what one read per event did for each of its events.
import type { Trx } from '../eventstore/types.js';
import { eventsOfStreams } from '../eventstore/stream-reads.js';
import type { QuestionAsked, ThreadStarted } from './events.js';

export type ThreadOpening = { started?: ThreadStarted['data']; asked: QuestionAsked['data'][] };

/**
 * Each thread's ThreadStarted and, with `questions`, its QuestionAsked events in order, by
 * stream id (`thread-<context_uuid>`). From the events, not the read model, which may have lost
 * a deleted thread by now.
 */
export async function threadOpenings(trx: Trx, streamIds: readonly string[], opts: { questions: boolean }) {
  const byStream = new Map<string, ThreadOpening>();
  if (!streamIds.length) return byStream;
  const rows = await eventsOfStreams(trx, streamIds, opts.questions ? ['ThreadStarted', 'QuestionAsked'] : ['ThreadStarted']);
  for (const r of rows) {
    const thread = byStream.get(r.stream_id) ?? { asked: [] };
    byStream.set(r.stream_id, thread);
    if (r.type === 'ThreadStarted') thread.started ??= r.data as ThreadStarted['data'];
    else thread.asked.push(r.data as QuestionAsked['data']);
  }
  return byStream;
}
