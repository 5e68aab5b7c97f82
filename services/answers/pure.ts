// What the web app and the mocks share of answers: pure rules with no database and no Node, safe
// in the browser (index.ts brings the server's modules with it).
export { checkAnswer } from './check-sources.js';
export { anchorOf } from './help-anchor.js';
export { planSearches } from './pro-search/plan.js';
export { depthFallbackNotes } from './pro-search/notes.js';
