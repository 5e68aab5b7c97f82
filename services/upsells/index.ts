// What other parts use of the upsells domain: its routes and projection are wired by services/app.
export { upsellRoutes } from './routes.js';
export { upsellMarksProjection } from './projections.js';
export type { UpsellsContext } from './context.js';
export { upsellMarksExport } from './queries.js';
