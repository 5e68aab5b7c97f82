// The query milestones (seed 002 §7): a consumer of the threads' QuestionAsked events keeps each
// person's count of questions (and of questions from the assistant browser) and records the
// milestones they reach on the person's attribution stream, in the consumer's transaction, so a
// question is counted once and a milestone recorded once even across a crash.
import { sql } from 'kysely';
import { preparedBuilt } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import type { ConsumerHandler } from '../eventstore/consumers.js';
import type { QuestionAsked, ThreadStarted } from '../threads/events.js';
import { threadOpenings, threadStream } from '../threads/index.js';
import { decideQueryMilestones } from './decide.js';
import { attributionStream, evolveAttribution, initialAttribution, type AttributionOwner } from './events.js';
import { own } from './tables.js';

export const QUERY_MILESTONES_CONSUMER = 'attribution-query-milestones';

/** The owner of a thread as it was started, if anybody. */
function ownerOf(started: ThreadStarted['data'] | undefined): AttributionOwner | null {
  if (started?.owner_user_id) return { user_id: started.owner_user_id, visitor_id: started.owner_visitor_id ?? '' };
  if (started?.owner_visitor_id) return { user_id: null, visitor_id: started.owner_visitor_id };
  return null;
}

export const ownerKey = (o: AttributionOwner) => (o.user_id ? `user:${o.user_id}` : `visitor:${o.visitor_id}`);

export function queryMilestonesConsumer(store: EventStore, now: () => Date = () => new Date()): ConsumerHandler {
  return async (trx, events) => {
    const asked = events.filter((e) => e.type === 'QuestionAsked').map((e) => e.data as QuestionAsked['data']);
    // Who owns each thread, from its ThreadStarted event: one read for the batch.
    const threads = await threadOpenings(
      trx,
      asked.map((d) => threadStream(d.context_uuid)),
      { questions: false },
    );
    for (const d of asked) {
      const owner = ownerOf(threads.get(threadStream(d.context_uuid))?.started);
      if (!owner) continue;
      const fromAssistant = d.client === 'assistant_browser';
      // One statement per question asked: planned once per connection.
      const counts = await preparedBuilt(
        own(trx)
          .insertInto('attribution_query_counts')
          .values({ owner_key: ownerKey(owner), questions: 1, assistant_questions: fromAssistant ? 1 : 0 })
          .onConflict((oc) =>
            oc.column('owner_key').doUpdateSet({
              questions: sql`attribution_query_counts.questions + 1`,
              assistant_questions: sql`attribution_query_counts.assistant_questions + ${fromAssistant ? 1 : 0}`,
            }),
          )
          .returning(['questions', 'assistant_questions']),
      ).executeTakeFirstOrThrow();
      const ask = { backend_uuid: d.backend_uuid, questions: counts.questions, assistantQuestions: counts.assistant_questions, fromAssistant };
      // Most counts are no milestone: the person's stream is read only when this one may be.
      if (!decideQueryMilestones(initialAttribution, owner, ask, now()).length) continue;
      const stream = attributionStream(owner);
      const { state, version } = await store.aggregate(stream, initialAttribution, evolveAttribution, trx);
      const reached = decideQueryMilestones(state, owner, ask, now());
      if (reached.length) await store.append(stream, version, reached, trx);
    }
  };
}
