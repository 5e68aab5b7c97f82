// One order as its owner reads it: items, where it goes, the sums, its status and any refund.
import type { ShoppingOrder } from '../../../../../generated/react-query/model';
import { money, orderDate, refundText, STATUS_LABEL } from './order-text';

export function OrderStatus({ order }: { order: ShoppingOrder }) {
  const refund = refundText(order);
  return (
    <span className="text-sm" data-testid="order-status">
      {STATUS_LABEL[order.status]}
      {refund ? ` · ${refund}` : ''}
    </span>
  );
}

export function OrderSummary({ order }: { order: ShoppingOrder }) {
  const a = order.shipping_address;
  return (
    <div className="space-y-3 text-sm">
      <p className="text-neutral-600 dark:text-neutral-400">
        Ordered {orderDate(order.created_at)} · <OrderStatus order={order} />
      </p>
      <ul className="space-y-1">
        {order.items.map((i) => (
          <li key={i.option_key} className="flex justify-between gap-4">
            <span>
              {i.title}
              {i.option_label ? ` · ${i.option_label}` : ''} × {i.quantity} <span className="text-neutral-500">from {i.merchant_name}</span>
            </span>
            <span className="tabular-nums">{money(i.unit_price_minor * i.quantity, i.currency)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1">
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd className="tabular-nums">{money(order.shipping_minor, order.currency)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Tax</dt>
          <dd className="tabular-nums">{order.tax_calculated ? money(order.tax_minor, order.currency) : 'Not calculated'}</dd>
        </div>
        <div className="flex justify-between font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{money(order.total_minor, order.currency)}</dd>
        </div>
      </dl>
      <p className="text-neutral-600 dark:text-neutral-400">
        Ships to {a.name}, {a.line1}
        {a.line2 ? `, ${a.line2}` : ''}, {a.postal_code} {a.city}
        {a.state ? `, ${a.state}` : ''}, {a.country}
      </p>
      {order.payment_error && order.status === 'payment_failed' && <p className="text-red-600 dark:text-red-400">{order.payment_error}</p>}
    </div>
  );
}
