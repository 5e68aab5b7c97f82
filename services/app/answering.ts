// The answer engine on its workflows: a model that writes its answer whole is answered in this
// process (workflows/whole-answer.ts), any other by its durable workflow (workflows/answer.ts).
// Registered before the workflow runtime launches; the pending entries are answered once it has.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { answerWorkflowId, readAnswerEvents, registerAnswer, startAnswer } from '../../workflows/answer.js';
import { createWholeAnswers } from '../../workflows/whole-answer.js';
import { readResearchEvents, registerResearch, startResearch } from '../../workflows/research.js';
import { admitResearch, beginResearch, isResearchEntry, llmWriter, NEEDS_MODEL, type ResearchWriter } from '../research/index.js';
import type { Actor } from '../shared/actor.js';
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
  // Research reports (answer_depth `research`) are their own workflow, written by the configured model.
  const researchWorkflow = registerResearch(
    {
      store,
      writer: config.llm ? llmWriter(config.llm) : noWriter,
      sources: engine.sources,
      readableCorpora: engine.readableCorpora,
      readerPrincipals: engine.readerPrincipals,
      mayUseWeb: engine.mayUseWeb,
      bounds: config.research.bounds,
      timeoutMs: config.llmTimeoutMs,
    },
    liveFeed,
  );
  const research = (backendUuid: string) => isResearchEntry(db, backendUuid);
  const startQuick = (job: AnswerJob) => (whole ? wholeAnswers.start(job) : startAnswer(answerWorkflow, job));
  return {
    engine,
    start: async (job: AnswerJob) => {
      if (!job.research) return startQuick(job);
      await beginResearch(store, { ...job, research: job.research }, new Date());
      return startResearch(researchWorkflow, job);
    },
    /** An entry found pending at start: a report that began goes on as one (its workflow's id), any other is answered. */
    recover: async (job: AnswerJob) => ((await research(job.backendUuid)) ? startResearch(researchWorkflow, job) : startQuick(job)),
    admitResearch: (actor: Actor) => admitResearch({ store, hasModel: !!config.llm, quota: config.research.quota, now: () => new Date() }, actor),
    // For task runs and whole-at-once answers: never a report.
    untilEnded: async (backendUuid: string) =>
      whole ? wholeAnswers.untilEnded(backendUuid) : void (await DBOS.retrieveWorkflow(answerWorkflowId(backendUuid)).getResult()),
    events: async function* (entry: { context_uuid: string; backend_uuid: string }, offset: number) {
      if (await research(entry.backend_uuid)) yield* readResearchEvents(entry.backend_uuid, offset);
      else yield* readAnswerEvents(store, entry, offset, wholeAnswers.untilEnded);
    },
    follow: liveFeed.follow,
    /** The whole-at-once answers under way here, for a stop to wait on. */
    running: () => wholeAnswers.running(),
  };
}

/**
 * An entry whose process died between its question and its workflow's start gets one now, as
 * does a whole-at-once answer cut off; the others' workflows are the same ids, recovered by DBOS
 * already. A Research report goes on as one (workflows/research.ts).
 */
export async function answerPendingEntries(db: Db, answering: Answering) {
  for (const e of await pendingEntries(db))
    await answering.recover({
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

/** Without a configured model no report is admitted; one recovered from before says why it cannot go on. */
const noWriter: ResearchWriter = {
  plan: async () => {
    throw new Error(NEEDS_MODEL);
  },
  gaps: async () => [],
  section: async () => {
    throw new Error(NEEDS_MODEL);
  },
};
