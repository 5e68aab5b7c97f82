// What other parts use of the browser domain (docs/architecture.md: a domain is used only through its index.ts).
export { browserRedactors } from './erasure.js';
export { browserInvitesProjection } from './projections.js';
export { downloadLinks } from './downloads.js';
export { browserRoutes } from './routes.js';
