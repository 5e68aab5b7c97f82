// What the web app and the mocks share of Spaces: pure rules with no database and no Node, safe
// in the browser (index.ts brings the server's modules with it).
export * from './access-levels.js';
export * from './decide.js';
export * from './errors.js';
export * from './links/normalize.js';
export * from './templates.js';
