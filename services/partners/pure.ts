// What the web app and the mocks share of partners: pure rules with no database and no Node, safe
// in the browser (index.ts brings the server's modules with it).
export * from './errors.js';
export * from './promo-check.js';
export * from './views.js';
