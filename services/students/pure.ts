// What the web app and the mocks share of student verification: pure rules with no database and
// no Node, safe in the browser (index.ts brings the server's modules with it).
export * from './decide.js';
export * from './errors.js';
export * from './rules.js';
export { evolveStudent, initialStudent, type StudentEvent, type StudentState } from './events.js';
