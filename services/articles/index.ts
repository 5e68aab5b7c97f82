// What other parts use of articles (docs/architecture.md: a domain is used only through its index.ts):
// the page view of a thread, served by its route.
export { articleRoutes } from './routes.js';
export { type ArticleShared, type ArticleThread, articleSection, type SectionRow } from './view.js';
export { articleSocialProjection } from './projections.js';
