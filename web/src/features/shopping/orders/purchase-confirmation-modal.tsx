// The purchase confirmation modal: the order placed, and its payment as the server knows it.
// Stripe's webhook marks it paid, so the modal asks again until it is (or the payment failed).
import { Link } from 'react-router';
import { useGetShoppingOrder } from '../../../../../generated/react-query/shopping-orders/shopping-orders';
import type { ShoppingOrder } from '../../../../../generated/react-query/model';
import type { ModalProps } from '../../../platform/modals/types';
import { problemMessage } from '../../../platform/problem';
import { ModalTitle } from '../../../ui/modal-parts';
import { money } from './order-text';
import type { ShoppingOrderArgs } from './shopping-args';

const WAIT_MS = 1_000;

export default function PurchaseConfirmationModal({ args, close }: ModalProps<ShoppingOrderArgs>) {
  const order = useGetShoppingOrder(args.orderId, {
    query: {
      retry: false,
      refetchInterval: (q) => {
        const status = (q.state.data?.data as ShoppingOrder | undefined)?.status;
        return status === 'paid' || status === 'cancelled' || status === 'payment_failed' ? false : WAIT_MS;
      },
    },
  });
  const o = order.data?.data as ShoppingOrder | undefined;
  return (
    <div className="space-y-4" data-testid="purchase-confirmation">
      <ModalTitle>{o?.status === 'paid' ? 'Thank you for your purchase' : 'Your order is placed'}</ModalTitle>
      {o && (
        <div className="space-y-1 text-sm">
          <p>
            {o.items.map((i) => i.title).join(', ')} · {money(o.total_minor, o.currency)}
          </p>
          <p data-testid="purchase-payment-status">
            {o.status === 'paid'
              ? 'Payment confirmed.'
              : o.status === 'payment_failed'
                ? `The payment failed: ${o.payment_error ?? 'please try again.'}`
                : 'Waiting for the payment to be confirmed…'}
          </p>
        </div>
      )}
      {order.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problemMessage(order.error)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Link to="/account/purchases" className="btn-secondary" onClick={close}>
          See your purchases
        </Link>
        <button type="button" className="btn-primary" onClick={close}>
          Done
        </button>
      </div>
    </div>
  );
}
