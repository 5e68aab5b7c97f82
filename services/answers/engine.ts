// Builds the answer engine from the configuration: which model writes, which sources search.
import type { Config } from '../shared/config.js';
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import { publishGuide } from './guide.js';
import { llmModel, offlineModel, type AnswerModel } from './models.js';
import { passageSource } from './passages.js';
import { readableCorpora } from './readable.js';
import type { Sources } from './retrieve.js';
import type { Passage } from './types.js';
import { searxngSource } from './searxng.js';
import { pageReader, warmPageReading } from './web-pages/read-pages.js';
import { mayUseWebSearch } from '../orgs/index.js';
import { memorySourcesFor } from '../memories/index.js';
import { memoryPassage } from './memory-passages.js';
import { readerPrincipals } from '../connectors/index.js';
import { entriesOf } from '../threads/index.js';
import { type Turn, turnsBefore } from './follow-up.js';

export function createAnswerEngine(
  db: Db,
  config: Pick<Config, 'llm' | 'llmTimeoutMs' | 'searxngUrl'> & Partial<Pick<Config, 'answerModels' | 'webPages' | 'linkFetchAllowPrivateHosts'>>,
): {
  model: AnswerModel;
  models: ReadonlyMap<string, AnswerModel>;
  sources: Sources;
  readableCorpora: (userId: string | null) => Promise<string[]>;
  readerPrincipals: (userId: string | null) => Promise<string[]>;
  mayUseWeb: (userId: string | null) => Promise<boolean>;
  memories: (userId: string, question: string, contextUuid: string) => Promise<Passage[]>;
  conversation: (contextUuid: string, backendUuid: string) => Promise<Turn[]>;
  timeoutMs: number;
} {
  const llm = config.llm;
  // A web answer reads its pages in worker processes: started now, not by the first answer.
  if (config.searxngUrl && config.webPages) warmPageReading();
  // Every model people may choose is served by the one configured endpoint (LLM_MODELS).
  const models = new Map<string, AnswerModel>(
    llm ? (config.answerModels ?? [{ id: llm.model }]).map((m) => [m.id, llmModel({ ...llm, model: m.id })]) : [[offlineModel.name, offlineModel]],
  );
  return {
    model: llm ? (models.get(llm.model) ?? llmModel(llm)) : offlineModel,
    models,
    sources: {
      passages: passageSource(db),
      web: config.searxngUrl ? searxngSource(config.searxngUrl) : null,
      pages:
        config.searxngUrl && config.webPages
          ? pageReader({
              db,
              allowPrivateHosts: config.linkFetchAllowPrivateHosts ?? [],
              timeoutMs: config.webPages.timeoutMs,
              cacheTtlMs: config.webPages.cacheTtlMs,
            })
          : null,
    },
    readableCorpora: (userId) => readableCorpora(db, { user_id: userId }),
    readerPrincipals: (userId) => readerPrincipals(db, userId),
    mayUseWeb: (userId) => mayUseWebSearch(db, userId),
    memories: async (userId, question, contextUuid) => (await memorySourcesFor(db, userId, question, contextUuid)).map(memoryPassage),
    conversation: async (contextUuid, backendUuid) => turnsBefore(await entriesOf(db, contextUuid), backendUuid),
    timeoutMs: config.llmTimeoutMs,
  };
}

/** Indexes the built-in user guide (through its events); true when it changed since the last start. */
export async function indexHelpCorpus(store: EventStore) {
  return publishGuide(store);
}
