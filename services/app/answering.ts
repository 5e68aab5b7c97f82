// The answer engine on its workflows: a model that writes its answer whole is answered in this
// process (workflows/whole-answer.ts), any other by its durable workflow (workflows/answer.ts).
// Registered before the workflow runtime launches; the pending entries are answered once it has.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { answerWorkflowId, readAnswerEvents, registerAnswer, startAnswer } from '../../workflows/answer.js';
import { createWholeAnswers } from '../../workflows/whole-answer.js';
import { createAnswerEngine, createLiveFeed } from '../answers/index.js';
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import { answerSpaceOf } from '../spaces/index.js';
import { settingsOf } from '../settings/index.js';
import type { Config } from '../shared/config.js';
import { type McpPort, toolsForAnswer } from '../tools/index.js';
import { type AnswerJob, pendingEntries } from '../threads/index.js';

export type Answering = ReturnType<typeof registerAnswering>;

/** `mcp`: the tool servers, whose enabled tools an answer's model may call (absent: none). */
export function registerAnswering(store: EventStore, db: Db, config: Config, mcp?: McpPort) {
  const engine = {
    ...createAnswerEngine(db, config),
    ...(mcp ? { tools: (userId: string, backendUuid: string) => toolsForAnswer({ db, store, now: () => new Date(), mcp }, userId, backendUuid) } : {}),
  };
  const liveFeed = createLiveFeed();
  const answerWorkflow = registerAnswer({ store, ...engine }, liveFeed);
  const wholeAnswers = createWholeAnswers({ store, ...engine }, liveFeed);
  const whole = engine.model.wholeAtOnce;
  return {
    engine,
    start: (job: AnswerJob) => (whole ? wholeAnswers.start(job) : startAnswer(answerWorkflow, job)),
    untilEnded: async (backendUuid: string) =>
      whole ? wholeAnswers.untilEnded(backendUuid) : void (await DBOS.retrieveWorkflow(answerWorkflowId(backendUuid)).getResult()),
    events: (entry: { context_uuid: string; backend_uuid: string }, offset: number) => readAnswerEvents(store, entry, offset, wholeAnswers.untilEnded),
    follow: liveFeed.follow,
    /** The whole-at-once answers under way here, for a stop to wait on. */
    running: () => wholeAnswers.running(),
  };
}

/**
 * An entry whose process died between its question and its workflow's start gets one now, as
 * does a whole-at-once answer cut off; the others' workflows are the same ids, recovered by DBOS
 * already.
 */
export async function answerPendingEntries(db: Db, answering: Answering) {
  for (const e of await pendingEntries(db))
    await answering.start({
      contextUuid: e.context_uuid,
      backendUuid: e.backend_uuid,
      query: e.query_str,
      mode: e.search_mode,
      askerUserId: e.owner_user_id,
      space: await answerSpaceOf(db, e.collection_uuid),
      model: e.model,
      ...(e.search_filters ? { filters: e.search_filters } : {}),
      personal: e.owner_user_id ? personalOf(await settingsOf(db, e.owner_user_id)) : null,
    });
}

const personalOf = (s: { answer_language: string; about_me: string; answer_style: string }) => ({
  answer_language: s.answer_language,
  about_me: s.about_me,
  answer_style: s.answer_style,
});
