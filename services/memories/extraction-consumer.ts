// Memories are extracted after an answer, never on the request path: a consumer of the threads'
// AnswerCompleted events reads the question the thread's owner asked and remembers what the
// extractor finds in it. Never from an incognito thread, a visitor's, or anyone's content but
// the owner's own question (not the answer, not the sources). The memories are appended in the
// consumer's transaction with its checkpoint, so an answer is looked at once even across a crash.
import { randomUUID } from 'node:crypto';
import type { ConsumerHandler } from '../eventstore/consumers.js';
import type { EventStore } from '../eventstore/store.js';
import type { Trx } from '../eventstore/types.js';
import type { QuestionAsked, ThreadStarted } from '../threads/events.js';
import { decideExtracted } from './decide.js';
import type { MemoryExtractor } from './extract.js';
import { changeMemories } from './use-cases.js';

export const MEMORY_EXTRACTION_CONSUMER = 'memories-extraction';

/**
 * The ThreadStarted and QuestionAsked events of the threads a batch of answers ended in, read
 * at once (a burst of answers is one batch here), by stream in order.
 */
async function askedIn(trx: Trx, streamIds: string[]) {
  const byStream = new Map<string, { started?: ThreadStarted['data']; asked: QuestionAsked['data'][] }>();
  if (!streamIds.length) return byStream;
  const rows = await trx
    .selectFrom('events')
    .select(['stream_id', 'type', 'data'])
    .where('stream_id', 'in', [...new Set(streamIds)])
    .where('type', 'in', ['ThreadStarted', 'QuestionAsked'])
    .orderBy('stream_id')
    .orderBy('stream_version')
    .execute();
  for (const r of rows) {
    const thread = byStream.get(r.stream_id) ?? { asked: [] };
    byStream.set(r.stream_id, thread);
    if (r.type === 'ThreadStarted') thread.started ??= r.data as ThreadStarted['data'];
    else thread.asked.push(r.data as QuestionAsked['data']);
  }
  return byStream;
}

export function memoryExtractionConsumer(
  store: EventStore,
  extract: MemoryExtractor,
  opts: { now?: () => Date; onError?: (err: unknown) => void } = {},
): ConsumerHandler {
  const now = opts.now ?? (() => new Date());
  return async (trx, events) => {
    const answered = events.filter((e) => e.type === 'AnswerCompleted' && e.streamId.startsWith('thread-'));
    const threads = await askedIn(
      trx,
      answered.map((e) => e.streamId),
    );
    for (const event of answered) {
      const backendUuid = (event.data as { backend_uuid: string }).backend_uuid;
      const thread = threads.get(event.streamId);
      const started = thread?.started;
      if (!started?.owner_user_id || started.incognito) continue;
      const asked = thread?.asked.find((d) => d.backend_uuid === backendUuid);
      if (!asked) continue;
      // A model that fails leaves this answer's memories unmade; the next answers still get theirs.
      const found = await extract(asked.query_str).catch((err) => {
        opts.onError?.(err);
        return [] as string[];
      });
      if (found.length === 0) continue;
      const userId = started.owner_user_id;
      await changeMemories(
        store,
        userId,
        (s) =>
          decideExtracted(s, {
            userId,
            now: now(),
            fromEntryUuid: backendUuid,
            askedAt: asked.asked_at,
            statements: found.map((content) => ({ key: randomUUID(), content })),
          }),
        trx,
      );
    }
  };
}
