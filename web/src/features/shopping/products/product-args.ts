// What the shopping payment modal opens with (the modal catalogue reads this file for its types):
// the option the person chose in a product's details.
export type ShoppingPaymentArgs = { optionKey: string };
