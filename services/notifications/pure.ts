// What the web app and the mocks share of notifications: pure rules with no database and no Node, safe
// in the browser (index.ts brings the server's modules with it).
export * from './decide.js';
export * from './errors.js';
export * from './limits.js';
export * from './sources.js';
export type { NotifyRequest } from './use-cases.js';
