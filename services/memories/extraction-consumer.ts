// Memories are extracted after an answer, never on the request path: a consumer of the threads'
// AnswerCompleted events reads the question the thread's owner asked and remembers what the
// extractor finds in it. Never from an incognito thread, a visitor's, or anyone's content but
// the owner's own question (not the answer, not the sources). The memories are appended in the
// consumer's transaction with its checkpoint, so an answer is looked at once even across a crash.
import { randomUUID } from 'node:crypto';
import type { ConsumerHandler } from '../eventstore/consumers.js';
import type { EventStore } from '../eventstore/store.js';
import { threadOpenings } from '../threads/index.js';
import { decideExtracted } from './decide.js';
import type { MemoryExtractor } from './extract.js';
import { changeMemories } from './use-cases.js';

export const MEMORY_EXTRACTION_CONSUMER = 'memories-extraction';

export function memoryExtractionConsumer(
  store: EventStore,
  extract: MemoryExtractor,
  opts: { now?: () => Date; onError?: (err: unknown) => void } = {},
): ConsumerHandler {
  const now = opts.now ?? (() => new Date());
  return async (trx, events) => {
    const answered = events.filter((e) => e.type === 'AnswerCompleted' && e.streamId.startsWith('thread-'));
    const threads = await threadOpenings(
      trx,
      answered.map((e) => e.streamId),
      { questions: true },
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
