// The Shopify Storefront API adapter (services/shopping/catalogue reads a store's products with
// it; services/shopping/carts makes carts with it).
export { StorefrontError, STOREFRONT_API_VERSION, type StorefrontStore } from './storefront.js';
export { fetchStoreProducts, MAX_PRODUCTS, type StorefrontProduct } from './products.js';
export { createCart, readCart, setBuyerIdentity, type BuyerIdentity, type CartLine, type StorefrontCart } from './cart.js';
