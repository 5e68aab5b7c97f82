// What the web app and the mocks share of the upsells: pure rules with no database and no Node, safe
// in the browser (index.ts brings the server's modules with it).
export * from './client-traits.js';
export * from './decide.js';
export * from './errors.js';
export * from './visibility.js';
