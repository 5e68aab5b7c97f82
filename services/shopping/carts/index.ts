// What other parts use of store carts (a domain is used only through its index.ts): services/app
// wires the routes and the redactors.
export { cartRoutes } from './routes.js';
export { cartRedactors } from './erasure.js';
