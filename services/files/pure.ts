// What the web app and the mocks share of files: pure rules with no database and no Node, safe
// in the browser (index.ts brings the server's modules with it).
export * from './file-types.js';
export * from './plan-limits.js';
