// The shopping order details modal: one of the person's orders, and cancelling it.
import { useGetShoppingOrder } from '../../../../../generated/react-query/shopping-orders/shopping-orders';
import type { ShoppingOrder } from '../../../../../generated/react-query/model';
import type { ModalProps } from '../../../platform/modals/types';
import { problemMessage } from '../../../platform/problem';
import { ModalTitle } from '../../../ui/modal-parts';
import { CancelOrderButton } from './cancel-order-button';
import { OrderSummary } from './order-summary';
import type { ShoppingOrderArgs } from './shopping-args';

export default function ShoppingOrderDetailsModal({ args, close }: ModalProps<ShoppingOrderArgs>) {
  const order = useGetShoppingOrder(args.orderId, { query: { retry: false, select: (r) => r.data as ShoppingOrder } });
  return (
    <div className="space-y-4" data-testid="shopping-order-details">
      <ModalTitle>Order details</ModalTitle>
      {order.isPending && <p className="text-sm text-neutral-500">Loading…</p>}
      {order.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problemMessage(order.error)}
        </p>
      )}
      {order.data && <OrderSummary order={order.data} />}
      <div className="flex justify-end gap-2">
        {order.data && <CancelOrderButton order={order.data} />}
        <button type="button" className="btn-secondary" onClick={close}>
          Close
        </button>
      </div>
    </div>
  );
}
