// What other parts use of API keys (docs/architecture.md: a domain is used only through its index.ts).
// No domain imports it: services/app wires its routes, its projection and the key owners' Actors.
export { apiKeyRoutes } from './routes.js';
export { apiKeysProjection } from './projections.js';
export type { ApiKeysContext, KeyOwners } from './context.js';
