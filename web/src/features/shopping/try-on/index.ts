// What other features use of the try-on: the button the product details mount.
export { TryOnButton } from './try-on-button';
