// What the web app and the mocks share of shopping: each part's pure rules (no database, no Node modules).
export * from './catalogue/pure.js';
export {
  checkGenerationAllowed,
  checkTryOnAvatar,
  TRY_ON_IMAGES_PER_HOUR,
  decideAvatarGenerated,
  decideDelete,
  decideSave,
  decideTryOnGenerated,
} from './try-on/decide.js';
export { tryOnErrors } from './try-on/errors.js';
export { evolveTryOn, initialTryOn, type TryOnEvent, type TryOnState } from './try-on/events.js';
export { imageIdOf, tryOnImageUrl } from './try-on/image-urls.js';
export { orderErrors } from './orders/pure.js';
export { cartErrors, NO_CART, requireCurrentCart, requireSessionReady, requireStoreOption } from './carts/pure.js';
