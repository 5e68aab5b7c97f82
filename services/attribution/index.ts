// What other parts use of attribution (docs/architecture.md: a domain is used only through its index.ts).
export { QUERY_MILESTONES_CONSUMER, queryMilestonesConsumer } from './query-milestones.js';
export { attributionRedactors } from './erasure.js';
export { attributionRoutes } from './routes.js';
export { queryMilestonesBackground } from './background.js';
