// What other domains use of spaces (docs/architecture.md: a domain is used only through its index.ts).
export { ACCESS_LEVEL, canEditSources, isAdminCapable, isOwnerLevel, SPACE_ACCESS } from './access-levels.js';
export { actorOf, ownerFacts, notFound, readsSpace, requireActor, spaceActor, spaceView, visibleSpace } from './access.js';
export { type AnswerSpace, answerSpaceOf } from './answer-space.js';
export { collectionInfoFor } from './collection-info.js';
export { decideDelete, type OwnerFacts, permissionIn } from './decide.js';
export { spaceErrors } from './errors.js';
export { PASSAGE_SIZE } from './links/chunk.js';
export { decideSpace, spaceState } from './use-cases.js';
export { createSpace, templateFor } from './create-use-case.js';
export { respondWithSpace, spaceFor } from './space-view.js';
export { decideHandOver, decideLeaveAll, heirsOf } from './erasure.js';
export { spaceSlug } from './key.js';
export { spaceRedactors } from './erasure.js';
export { linkPassageFeed } from './links/passage-feed.js';
export { spacesProjection } from './projections.js';
export { spaceRoutes } from './routes.js';
export { roleOf } from './access-levels.js';
export { ownedSpacesWithHeirs, spacesForExport, spacesJoinedBy, spaceUuidsOwnedBy } from './person-spaces.js';
export type { SpacesContext, SpaceThreads, ThreadMove } from './context.js';
export { spaceNameOf } from './queries.js';
export { spaceCollectionHalves, spaceThreadRoutes } from './thread-routes.js';
export { spaceTitlesOf } from './titles.js';
// The links' SSRF-safe fetcher and page reader, also used to read an answer's web pages (answers/web-pages).
export { fetchPage, type FetchedPage, type PageValidators, LinkFetchError } from './links/safe-fetch.js';
export { extractPageInWorker } from './links/extract-in-worker.js';
