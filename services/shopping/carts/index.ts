// What other parts use of store carts (a domain is used only through its index.ts): services/app
// wires the routes, the redactors, the projection and the export part.
export { cartRoutes } from './routes.js';
export { cartRedactors } from './erasure.js';
export { cartsProjection } from './projection.js';
export { storeCartExport } from './export.js';
