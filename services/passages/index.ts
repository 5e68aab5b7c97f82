// The passage index (kernel): the passages table and its statistics, the one chunker, BM25
// retrieval. Domains feed it through their events (feed.ts); it imports no domain.
export { chunkText, chunkUnits, PASSAGE_SIZE, type ChunkedPassage, type DocumentUnit, type TableUnit, type TextUnit } from './chunk.js';
export type { PassageFeed, PassageFileOrigin, PassageOp, PassageRow } from './feed.js';
export { markdownSections, type MarkdownSection } from './markdown.js';
export { PASSAGE_TABLES, passagesProjection } from './projection.js';
export { BM25, bm25Query, type FoundPassage, questionWords, searchPassages } from './search.js';
export { passageTerms, termsOf, tsvectorArrayBytes } from './terms.js';
export { passagePlacesOf, passagesByUrl, type PassagePlace } from './queries.js';
export { applyPassageOp } from './write.js';
export { warmPassageWorkers } from './terms-in-workers.js';
export { foldPassageStats } from './stat-folder.js';
export { passageStatsBackground } from './stat-folder-background.js';
export { HELP_CORPUS, orgCorpus, spaceCorpus, userCorpus } from './corpora.js';
export { passagesOfFile } from './of-file.js';
