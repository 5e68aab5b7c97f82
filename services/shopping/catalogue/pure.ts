// What the web app and the mocks share of the catalogue: pure rules and texts with no database
// and no Node, safe in the browser (index.ts brings the server's modules with it).
export { isBuyingQuestion, shoppingQueryOf, type ShoppingQuery } from './buying-intent.js';
export { isAvailable, type ProductDetails, type ProductOption, type ShoppingWidget } from './widgets.js';
export { catalogueErrors, NO_MERCHANT } from './errors.js';
/** Cards an answer shows at most. */
export const MAX_WIDGETS = 8;
