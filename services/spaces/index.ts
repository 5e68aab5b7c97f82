// What other domains use of spaces (docs/architecture.md: a domain is used only through its index.ts).
export { ACCESS_LEVEL, canEditSources, isAdminCapable, isOwnerLevel, SPACE_ACCESS } from './access-levels.js';
export { actorOf, ownerFacts, notFound, readsSpace, requireActor, spaceActor, spaceView, visibleSpace } from './access.js';
export { type AnswerSpace, answerSpaceOf } from './answer-space.js';
export { collectionInfoFor } from './collection-info.js';
export { type Actor, decideDelete, type OwnerFacts, permissionIn } from './decide.js';
export { spaceErrors } from './errors.js';
export { PASSAGE_SIZE } from './links/chunk.js';
export { decideSpace, spaceState } from './use-cases.js';
export { createSpace, templateFor } from './create-use-case.js';
export { respondWithSpace, spaceFor } from './space-view.js';
export { decideHandOver, decideLeaveAll, heirsOf } from './erasure.js';
export { spaceSlug } from './key.js';
export { spaceTitlesOf } from './titles.js';
