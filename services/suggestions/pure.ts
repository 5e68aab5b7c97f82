// What the web app and the mocks share of the ask box's suggestions: pure, safe in the browser.
export * from './categories.js';
export * from './errors.js';
