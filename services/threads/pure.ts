// What the web app and the mocks share of threads: pure rules with no database and no Node, safe
// in the browser (index.ts brings the server's modules with it).
export * from './access-rules.js';
export * from './citations.js';
export * from './decide.js';
export * from './errors.js';
export * from './manage-decide.js';
export * from './sharing-decide.js';
export * from './slug.js';
export * from './space-decide.js';
export { decideProSearch, proSearchLimitView } from './pro-search-quota-decide.js';
