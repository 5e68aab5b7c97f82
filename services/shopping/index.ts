// What other domains and the composition root use of shopping (a domain is used only through its index.ts): each part's public surface.
export * from './catalogue/index.js';
export { cartRedactors, cartRoutes, cartsProjection, storeCartExport } from './carts/index.js';
export {
  openAiImageGenerator,
  removeTryOnImages,
  tryOnExport,
  tryOnExportFiles,
  tryOnProjection,
  tryOnRoutes,
  type ImageGenerator,
  type TryOnContext,
} from './try-on/index.js';
export {
  createStripePayments,
  noCatalogue,
  orderRedactors,
  shoppingOrdersExport,
  shoppingOrderRoutes,
  shoppingOrdersProjection,
  type ProductPricing,
  type ShoppingOrdersContext,
  type ShoppingOrdersPorts,
  type ShoppingPayments,
  type ShoppingStripeSettings,
} from './orders/index.js';
