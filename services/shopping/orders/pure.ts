// What the web app and the mocks share of orders: pure rules and errors, no database, no Node.
export * from './decide.js';
export { orderErrors } from './errors.js';
