// What the web app and the mocks share of Research: pure rules and texts with no database and no
// Node, safe in the browser (index.ts brings the server's modules with it).
export * from './bounds.js';
export * from './decide.js';
export * from './errors.js';
