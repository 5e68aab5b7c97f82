// What other domains use of bookmarks (docs/architecture.md: a domain is used only through its index.ts).
export { bookmarkStateOf } from './queries.js';
export { bookmarkThread } from './use-cases.js';
export { deleteSpace } from './delete-space.js';
export { bookmarksProjection } from './projections.js';
export { collectionRoutes } from './routes.js';
export { deleteSpaceRoutes } from './delete-space-routes.js';
export { bookmarksForExport } from './export.js';
