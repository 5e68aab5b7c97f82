// Arguments of the shopping modals. Kept apart from the modals so the modal catalogue's types do
// not pull them in. The payment modal gets the option as the person saw it (its price and
// currency): the server refuses the order if the catalogue's price changed since.
export type ShoppingOptionArgs = {
  optionKey: string;
  title: string;
  optionLabel?: string;
  priceMinor: number;
  currency: string;
  quantity?: number;
  imageUrl?: string | null;
};
export type ShoppingOrderArgs = { orderId: string };
/** Buying an option (address, tax and shipping, then paying), or paying an order made earlier and not paid yet. */
export type ShoppingPaymentArgs = ShoppingOptionArgs | ShoppingOrderArgs;
