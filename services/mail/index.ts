// What other domains use of mail (docs/architecture.md: a domain is used only through its index.ts).
export { mailRedactors } from './erasure.js';
export { discardMailOf, queueMail } from './use-cases.js';
