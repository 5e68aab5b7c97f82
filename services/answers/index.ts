// What other parts use of answers (docs/architecture.md: a domain is used only through its index.ts).
// No domain imports answers: services/app wires the engine, its routes and the guide's feed, and
// the answer workflows (workflows/answer.ts, whole-answer.ts) run its two steps.
export { answerRoutes } from './routes.js';
export { answerErrors, INTERRUPTED, modelFailed, notWritten, timedOut } from './errors.js';
export { GUIDE_STREAM, type GuidePublished } from './events.js';
export { languageNotFollowed, TOP_K } from './decide.js';
export { createAnswerEngine, indexHelpCorpus } from './engine.js';
export { type AnswerDeps, findSources, modelOf, writeAnswer } from './generate.js';
export { guideFeed } from './guide.js';
export { createLiveFeed, type LiveFeed } from './live-feed.js';
export { type AnswerModel, offlineModel } from './models.js';
export { passageSource } from './passages.js';
export { readableCorpora } from './readable.js';
export { replayedAnswerEvents } from './replay.js';
export { retrieve, type Sources } from './retrieve.js';
export { createStreamWriter } from './stream-writer.js';
export { type Passage, toSource } from './types.js';
export { withWebFilters } from './filtered-web.js';
export { type NewsItem, newsMatching } from './news-search.js';
