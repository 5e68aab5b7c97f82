// What threads ask of the answer engine (services/answers implements it; services/app wires it):
// start answering an entry, and read the answer's events as they come.
import type { Actor } from '../shared/actor.js';
import type { AnswerSpace } from '../spaces/index.js';
import type { AnswerStreamEvent } from './answer-stream-events.js';
import type { SearchMode } from './events.js';

/**
 * What the asker set for their answers (account > preferences and personalize): the language
 * (`auto`: the question's), their "about me" text and the answer style.
 */
export type AnswerPersonal = { answer_language: string; about_me: string; answer_style: string };

/**
 * `askerUserId`: whose readable corpora to search (none or null: the help guide only).
 * `model`: the configured model that answers (none: the server's first). `personal`: the
 * asker's settings the answer follows (none for a visitor). `filters`: the question's web search
 * filters (none: the web unfiltered).
 */
export type AnswerJob = {
  contextUuid: string;
  backendUuid: string;
  query: string;
  mode: SearchMode;
  askerUserId?: string | null;
  space?: AnswerSpace | null;
  model?: string;
  personal?: AnswerPersonal | null;
  /** How deep the answer goes (AskRequest.answer_depth, after the plan's quota): absent is `quick`. */
  depth?: 'quick' | 'pro' | 'research';
  /**
   * The conversation before the question when it is not in the thread (the answer API's earlier
   * messages): the answer reads the question with it, as a follow-up. Absent: the thread's turns.
   */
  conversation?: { query: string; answer: string }[];
  /** Why `pro` was asked and `quick` is answered (pro-search quota): the answer opens saying so. */
  depthFallback?: 'sign_in' | 'quota';
  /** Web search filters: a domain starting with `-` is excluded (`["wikipedia.org", "-reddit.com"]`). */
  filters?: { domains?: string[]; recency?: 'hour' | 'day' | 'week' | 'month' | 'year'; academic?: boolean };
  /** Set for a Research report (answer_depth `research`): admitted, and counted when it starts. */
  research?: ResearchAdmission;
};

/** A Research report allowed to start: whose, how many they had this period and may have (null: no limit). */
export type ResearchAdmission = { user_id: string; used: number | null; limit: number | null };

export type AnswerEngine = {
  modelName: string;
  start: (job: AnswerJob) => Promise<void>;
  /** Whether the actor may start a Research report now; throws why not (services/research). */
  admitResearch?: (actor: Actor) => Promise<ResearchAdmission>;
  /** An entry's recorded events from an offset. */
  events: (entry: { context_uuid: string; backend_uuid: string }, offset: number) => AsyncIterable<AnswerStreamEvent>;
  /** For a workflow started in this process, its events as they are written. */
  follow: (backendUuid: string) => { events: AsyncIterable<AnswerStreamEvent>; close: () => void };
};
