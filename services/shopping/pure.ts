// What the web app and the mocks share of shopping: each part's pure rules (no database, no Node).
export * from './catalogue/pure.js';
