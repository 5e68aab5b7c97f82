// What the mocks and the web app share of store carts: the pure rules and errors.
export { requireCurrentCart, requireSessionReady, requireStoreOption } from './decide.js';
export { cartErrors } from './errors.js';
export { evolveCart, NO_CART, type CartState } from './events.js';
