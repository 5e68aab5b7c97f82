// What other features use of the try-on: the button the product details mount, and the account's avatar section.
export { TryOnButton } from './try-on-button';
export { TryOnAvatarSection } from './try-on-avatar-section';
