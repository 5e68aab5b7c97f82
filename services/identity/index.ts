// What other domains use of identity (docs/architecture.md: a domain is used only through its index.ts).
export { migrateAuth } from './auth.js';
export { orgOf, type SessionUser } from './queries.js';
export { requireUser } from './session.js';
export { isAdministrator } from './administrators.js';
