// Buying a Shopify store's product (seed 002 §7, the Firmly-style calls): the option, as many as
// the person chooses, goes in a cart at the store (create-firmly-cart), the person gives the shipping address (set-firmly-
// shipping-info, which also gives the store's total for it), and the checkout session
// (create-firmly-session) is the store's own checkout page, opened as a link: the merchant takes
// the payment there. Each failure says why in the server's words.
import { useState } from 'react';
import { createFirmlyCart, createFirmlySession, setFirmlyShippingInfo } from '../../../../../generated/react-query/shopping-carts/shopping-carts';
import type { FirmlyCart, FirmlySession, ShippingAddress } from '../../../../../generated/react-query/model';
import { problemMessage } from '../../../platform/problem';
import { ExternalLink } from '../../../ui/icons';
import { formatMoney } from '../../billing/pricing';
import { AddressForm, addressComplete, cleanAddress, EMPTY_ADDRESS } from '../orders/address-form';

type Step = { at: 'start' } | { at: 'address'; cart: FirmlyCart } | { at: 'checkout'; session: FirmlySession };

export const STORE_CART_FAILED = 'The store could not take this product just now. Please try again.';
/** The most of one option a store cart takes (FirmlyCartRequest's quantity maximum). */
export const MAX_STORE_CART_QUANTITY = 20;

export function StoreCheckout({ optionKey, merchantName, available }: { optionKey: string; merchantName: string; available: boolean }) {
  const [step, setStep] = useState<Step>({ at: 'start' });
  const [quantity, setQuantity] = useState(1);
  const [address, setAddress] = useState<ShippingAddress>(EMPTY_ADDRESS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(problemMessage(err, STORE_CART_FAILED));
    } finally {
      setBusy(false);
    }
  };
  const addToCart = () =>
    run(async () => {
      const cart = (await createFirmlyCart({ option_key: optionKey, quantity })).data as FirmlyCart;
      setStep({ at: 'address', cart });
    });
  const toCheckout = (cart: FirmlyCart) =>
    run(async () => {
      await setFirmlyShippingInfo({ cart_id: cart.cart_id, shipping_address: cleanAddress(address) });
      setStep({ at: 'checkout', session: (await createFirmlySession()).data as FirmlySession });
    });
  return (
    <div className="flex w-full flex-col gap-3" data-testid="store-checkout">
      {step.at === 'start' && (
        <div className="flex flex-wrap items-end gap-2">
          <label>
            <span className="label">Quantity</span>
            <select className="field w-20" value={quantity} disabled={!available || busy} onChange={(e) => setQuantity(Number(e.target.value))}>
              {Array.from({ length: MAX_STORE_CART_QUANTITY }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn-primary" disabled={!available || busy} onClick={() => void addToCart()}>
            {busy ? 'Adding…' : `Buy at ${merchantName}`}
          </button>
        </div>
      )}
      {step.at === 'address' && (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void toCheckout(step.cart);
          }}
        >
          <p className="text-sm">
            In your cart at {merchantName}: {step.cart.lines.map((l) => `${l.quantity} × ${l.option_label}, `).join('')}
            {formatMoney(step.cart.subtotal_minor, step.cart.currency)}
          </p>
          <AddressForm value={address} onChange={setAddress} disabled={busy} />
          <button type="submit" className="btn-primary self-start" disabled={busy || !addressComplete(address)}>
            {busy ? 'Preparing checkout…' : 'Continue to checkout'}
          </button>
        </form>
      )}
      {step.at === 'checkout' && (
        <div className="flex flex-col gap-2">
          <p className="text-sm">
            Total with shipping: <strong>{formatMoney(step.session.total_minor, step.session.currency)}</strong>. You pay {merchantName} on its checkout page.
          </p>
          <a href={step.session.checkout_url} target="_blank" rel="noopener noreferrer" className="btn-primary self-start">
            <ExternalLink className="size-4" /> Pay at {merchantName}
          </a>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
