// Builds the answer engine from the configuration: which model writes, which sources search.
import type { Config } from '../app/config.js';
import type { Db } from '../db/database.js';
import { loadHelpCorpus } from './corpus.js';
import { llmModel, offlineModel, type AnswerModel } from './models.js';
import { HELP_CORPUS, helpSource, indexCorpus } from './passages.js';
import { searxngSource } from './searxng.js';
import type { SourceAdapter } from './types.js';

export function createAnswerEngine(db: Db, config: Pick<Config, 'llm' | 'llmTimeoutMs' | 'searxngUrl'>): {
  model: AnswerModel;
  sources: { help: SourceAdapter; web: SourceAdapter | null };
  timeoutMs: number;
} {
  return {
    model: config.llm ? llmModel(config.llm) : offlineModel,
    sources: { help: helpSource(db), web: config.searxngUrl ? searxngSource(config.searxngUrl) : null },
    timeoutMs: config.llmTimeoutMs,
  };
}

/** Indexes the built-in user guide; true when it changed since the last start. */
export async function indexHelpCorpus(db: Db) {
  const { passages, hash } = loadHelpCorpus();
  return indexCorpus(db, HELP_CORPUS, passages, hash, new Date());
}
