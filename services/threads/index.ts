// What other domains use of threads (docs/architecture.md: a domain is used only through its index.ts).
export type { AnswerJob, AnswerPersonal } from './answer-engine.js';
export { type AnswerStreamEvent, type AnswerStreamValue, eventsOf, isFinal } from './answer-stream-events.js';
export { citationFilter, sanitizeCitations } from './citations.js';
export { threadErrors } from './errors.js';
export type { SearchMode, SourceData, ThreadAddedToSpace, ThreadDeleted, ThreadEvent, ThreadRemovedFromSpace } from './events.js';
export { entriesOf, findEntry, findThreadRow, ownAnsweredEntries, threadPage, threadsFrom, viewerOf } from './queries.js';
export { mayRead, readableThread, viewer, type Who } from './read-access.js';
export { decideRemoveFromSpace } from './space-decide.js';
export { assertMovableThread, moveThreadIntoSpace, takeThreadOutOfSpace } from './space-moves.js';
export { threadResponse } from './thread-response.js';
export { decideAndAppend, finishEntry, recordSources, startGeneration, stopRequested, type ThreadCursor } from './use-cases.js';
export { summaryView } from './views.js';
export type { BookmarkLookup, ThreadsContext } from './context.js';
export { decideDelete as decideDeleteThread } from './manage-decide.js';
export { threadStream } from './events.js';
export { askClientOf } from './ask-client.js';
export { askInThread } from './use-cases.js';
export { MAX_QUERY_LENGTH, type AskCommand } from './decide.js';
