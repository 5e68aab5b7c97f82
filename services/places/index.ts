// What other parts use of places (a domain is used only through its index.ts): services/app
// wires its routes, projection, redactors and export.
export { placesRoutes } from './routes.js';
export { placesProjection } from './projections.js';
export { placesRedactors } from './erasure.js';
export { reservationsExport } from './export.js';
export { PLACES_EVENT_TYPES } from './events.js';
