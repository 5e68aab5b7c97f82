// /account/purchases ('Products'): the person's orders, newest first, with status, details and
// cancelling (a paid order is refunded; the refund shows on its row).
import { useListShoppingOrders } from '../../../../../generated/react-query/shopping-orders/shopping-orders';
import type { ShoppingOrderList } from '../../../../../generated/react-query/model';
import { useModals } from '../../../platform/modals/context';
import { MerchantFeedsLink } from '../merchants';
import { problemMessage } from '../../../platform/problem';
import { CancelOrderButton } from './cancel-order-button';
import { mayPay, money, orderDate } from './order-text';
import { OrderStatus } from './order-summary';

export default function PurchasesPage() {
  const modals = useModals();
  const orders = useListShoppingOrders({ query: { retry: false } });
  const list = (orders.data?.data as ShoppingOrderList | undefined)?.orders ?? [];
  return (
    <section aria-labelledby="section-heading" className="space-y-4">
      <h1 id="section-heading" className="text-2xl font-semibold tracking-tight">
        Products
      </h1>
      {orders.isPending && <p className="text-sm text-neutral-500">Loading…</p>}
      {orders.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problemMessage(orders.error)}
        </p>
      )}
      {orders.data && list.length === 0 && <p className="text-neutral-600 dark:text-neutral-400">You have not bought anything yet.</p>}
      <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
        {list.map((o) => (
          <li key={o.order_id} className="space-y-2 py-3" data-testid="purchase-row">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">{o.items.map((i) => i.title).join(', ')}</span>
              <span className="tabular-nums">{money(o.total_minor, o.currency)}</span>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm text-neutral-600 dark:text-neutral-400">
                {orderDate(o.created_at)} · <OrderStatus order={o} />
              </span>
              <div className="flex gap-2">
                <button type="button" className="btn-secondary" onClick={() => modals.open('shoppingOrderDetails', { orderId: o.order_id })}>
                  Details
                </button>
                {mayPay(o) && (
                  <button type="button" className="btn-primary" onClick={() => modals.open('shoppingPayment', { orderId: o.order_id })}>
                    Pay
                  </button>
                )}
                <CancelOrderButton order={o} />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <MerchantFeedsLink />
    </section>
  );
}
