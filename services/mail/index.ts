// What other domains use of mail (docs/architecture.md: a domain is used only through its index.ts).
export { mailRedactors } from './erasure.js';
export { discardMailOf, queueMail } from './use-cases.js';
export { mailOutboxProjection } from './projections.js';
export { mailRoutes } from './routes.js';
export { createMailTransport, type MailTransport } from './transport.js';
export { deliverMail, keepInOutbox, type MailCursor, queueMailForDelivery } from './use-cases.js';
export { spaceInviteMail, welcomeMail } from './templates.js';
