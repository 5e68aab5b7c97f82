// What the web app and the mocks share of the person's settings: pure rules with no database and no Node, safe
// in the browser (index.ts brings the server's modules with it).
export * from './decide.js';
export * from './errors.js';
export * from './limits.js';
export * from './meeting-defaults.js';
export * from './perks.js';
export * from './site-domain.js';
export * from './views.js';
