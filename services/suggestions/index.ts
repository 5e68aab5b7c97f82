// What other parts use of the ask box's suggestions (docs/architecture.md: a domain is used only through its index.ts).
export { suggestionRoutes } from './routes.js';
