// What the web app and the mocks share of billing: pure rules with no database and no Node, safe
// in the browser (index.ts brings the server's modules with it).
export * from './errors.js';
