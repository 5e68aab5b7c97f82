// The shopping payment modal: the shipping address, then tax and shipping shown before paying,
// then Stripe's payment element. Paying opens the purchase confirmation. Without Stripe on the
// server it says plainly that payments are not set up.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  calculateTaxAndShipping,
  createShoppingOrder,
  createShoppingPaymentIntent,
  getListShoppingOrdersQueryKey,
  updateCustomerShippingAddress,
  useRetrieveCustomerShoppingInfo,
} from '../../../../../generated/react-query/shopping-orders/shopping-orders';
import type {
  ShippingAddress,
  ShoppingCustomerInfo,
  ShoppingOrder,
  ShoppingPaymentIntent,
  ShoppingTaxAndShipping,
} from '../../../../../generated/react-query/model';
import { useModals } from '../../../platform/modals/context';
import type { ModalProps } from '../../../platform/modals/types';
import { problemMessage } from '../../../platform/problem';
import { ModalTitle } from '../../../ui/modal-parts';
import { AddressForm, addressComplete, cleanAddress, EMPTY_ADDRESS } from './address-form';
import { money, SHOPPING_TIMEOUTS } from './order-text';
import { PaymentStep } from './payment-element';
import type { ShoppingOptionArgs, ShoppingPaymentArgs } from './shopping-args';

type Step = { kind: 'address' } | { kind: 'review'; quote: ShoppingTaxAndShipping } | { kind: 'pay'; intent: ShoppingPaymentIntent };

export default function ShoppingPaymentModal({ args, close }: ModalProps<ShoppingPaymentArgs>) {
  return 'optionKey' in args ? <BuyOption args={args} close={close} /> : <PayOrder orderId={args.orderId} close={close} />;
}

/** Paying an order made earlier (unpaid, or its card was declined): straight to the payment element. */
function PayOrder({ orderId, close }: { orderId: string; close: () => void }) {
  const modals = useModals();
  const intent = useQuery({
    queryKey: ['shopping-payment-intent', orderId],
    queryFn: async () => {
      const res = await createShoppingPaymentIntent({ order_id: orderId }, { timeoutMs: SHOPPING_TIMEOUTS.paymentIntent });
      const data = res.data as ShoppingPaymentIntent;
      // Seed 002 §5: the payment intent's answer must say success.
      if (data.status !== 'success') throw new Error('The payment could not be started.');
      return data;
    },
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <div className="space-y-4" data-testid="shopping-payment-modal">
      <ModalTitle>Pay for your order</ModalTitle>
      {intent.isPending && <p className="text-sm text-neutral-500">Loading…</p>}
      {intent.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problemMessage(intent.error)}
        </p>
      )}
      {intent.data && (
        <PaymentStep
          publishableKey={intent.data.publishable_key}
          clientSecret={intent.data.client_secret}
          payLabel={`Pay ${money(intent.data.amount_minor, intent.data.currency)}`}
          onPaid={() => {
            close();
            modals.open('purchaseConfirmation', { orderId });
          }}
        />
      )}
    </div>
  );
}

function BuyOption({ args, close }: { args: ShoppingOptionArgs; close: () => void }) {
  const modals = useModals();
  const queryClient = useQueryClient();
  const quantity = args.quantity ?? 1;
  const subtotal = args.priceMinor * quantity;
  const info = useRetrieveCustomerShoppingInfo({ query: { retry: false, staleTime: 0 }, request: { timeoutMs: SHOPPING_TIMEOUTS.customerInfo } });
  const [edited, setEdited] = useState<ShippingAddress | null>(null);
  const address = edited ?? (info.data?.data as ShoppingCustomerInfo | undefined)?.shipping_address ?? EMPTY_ADDRESS;
  const [step, setStep] = useState<Step>({ kind: 'address' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(problemMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const review = () =>
    run(async () => {
      // The address is kept for next time (on the person's Stripe customer too).
      await updateCustomerShippingAddress({ shipping_address: cleanAddress(address) }, { timeoutMs: SHOPPING_TIMEOUTS.customerInfo });
      const res = await calculateTaxAndShipping({
        shipping_address: cleanAddress(address),
        amount: subtotal,
        option_key: args.optionKey,
        currency: args.currency.toLowerCase(),
      });
      setStep({ kind: 'review', quote: res.data as ShoppingTaxAndShipping });
    });

  const toPayment = () =>
    run(async () => {
      const order = await createShoppingOrder(
        {
          items: [{ option_key: args.optionKey, quantity, unit_price_minor: args.priceMinor, currency: args.currency.toLowerCase() }],
          shipping_address: cleanAddress(address),
        },
        { timeoutMs: SHOPPING_TIMEOUTS.order },
      );
      await queryClient.invalidateQueries({ queryKey: getListShoppingOrdersQueryKey() });
      const intentRes = await createShoppingPaymentIntent({ order_id: (order.data as ShoppingOrder).order_id }, { timeoutMs: SHOPPING_TIMEOUTS.paymentIntent });
      const intent = { data: intentRes.data as ShoppingPaymentIntent };
      // Seed 002 §5: the payment intent's answer must say success.
      if (intent.data.status !== 'success') throw new Error('The payment could not be started.');
      setStep({ kind: 'pay', intent: intent.data });
    });

  const paid = (orderId: string) => {
    close();
    modals.open('purchaseConfirmation', { orderId });
  };

  const blocked = info.error ? problemMessage(info.error) : null;
  return (
    <div className="space-y-4" data-testid="shopping-payment-modal">
      <ModalTitle>Buy {args.title}</ModalTitle>
      <p className="flex justify-between text-sm">
        <span>
          {args.title}
          {args.optionLabel ? ` · ${args.optionLabel}` : ''} × {quantity}
        </span>
        <span className="tabular-nums">{money(subtotal, args.currency)}</span>
      </p>
      {info.isPending && <p className="text-sm text-neutral-500">Loading…</p>}
      {blocked && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {blocked}
        </p>
      )}
      {!info.isPending && !blocked && step.kind === 'address' && (
        <>
          <AddressForm value={address} onChange={setEdited} disabled={busy} />
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={close}>
              Cancel
            </button>
            <button type="button" className="btn-primary" disabled={busy || !addressComplete(address)} onClick={review}>
              Continue
            </button>
          </div>
        </>
      )}
      {step.kind === 'review' && (
        <>
          <dl className="space-y-1 text-sm" data-testid="shopping-totals">
            <Row label="Subtotal" value={money(step.quote.subtotal_minor, step.quote.currency)} />
            <Row label="Shipping" value={money(step.quote.shipping_minor, step.quote.currency)} />
            <Row label="Tax" value={step.quote.tax_calculated ? money(step.quote.tax_minor, step.quote.currency) : 'Not calculated'} />
            <Row label="Total" value={money(step.quote.total_minor, step.quote.currency)} strong />
          </dl>
          {step.quote.message && <p className="text-sm text-neutral-600 dark:text-neutral-400">{step.quote.message}</p>}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => setStep({ kind: 'address' })}>
              Back
            </button>
            <button type="button" className="btn-primary" disabled={busy} onClick={toPayment}>
              Continue to payment
            </button>
          </div>
        </>
      )}
      {step.kind === 'pay' && (
        <PaymentStep
          publishableKey={step.intent.publishable_key}
          clientSecret={step.intent.client_secret}
          payLabel={`Pay ${money(step.intent.amount_minor, step.intent.currency)}`}
          onPaid={() => paid(step.intent.order_id)}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between ${strong ? 'font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
