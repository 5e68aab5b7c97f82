// Shopping's rules that the browser shares (the mocks run them): pure, no database, no Node modules.
export { checkTryOnAvatar, decideAvatarGenerated, decideDelete, decideSave, decideTryOnGenerated } from './try-on/decide.js';
export { tryOnErrors } from './try-on/errors.js';
export { evolveTryOn, initialTryOn, type TryOnEvent, type TryOnState } from './try-on/events.js';
export { imageIdOf, tryOnImageUrl } from './try-on/image-urls.js';
