// What other domains use of files (docs/architecture.md: a domain is used only through its index.ts).
export { deleteAllFiles } from './manage-use-cases.js';
export { fileRepositoryOf } from './queries.js';
