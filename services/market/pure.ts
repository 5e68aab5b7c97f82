// What the web app and the mocks share of the market data: pure rules with no database and no Node, safe
// in the browser (index.ts brings the server's modules with it).
export * from './errors.js';
export { marketDataStatus } from './from-config.js';
