// Cancel, with a confirmation first: a paid order is refunded in full.
import type { ShoppingOrder } from '../../../../../generated/react-query/model';
import { useState } from 'react';
import { problemMessage } from '../../../platform/problem';
import { toast, TOAST_DURATION } from '../../../platform/toasts';
import { mayCancel, money } from './order-text';
import { useCancelOrder } from './use-cancel-order';

export function CancelOrderButton({ order }: { order: ShoppingOrder }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder();
  if (!mayCancel(order)) return null;
  if (!asking)
    return (
      <button type="button" className="btn-secondary" onClick={() => setAsking(true)}>
        Cancel order
      </button>
    );
  return (
    <fieldset aria-label="Cancel this order?" className="space-y-2 rounded-xl border border-neutral-200 p-3 text-sm dark:border-neutral-700">
      <p>{order.status === 'paid' ? `Cancel this order? You will be refunded ${money(order.total_minor, order.currency)}.` : 'Cancel this order?'}</p>
      {cancel.error && (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {problemMessage(cancel.error)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" disabled={cancel.isPending} onClick={() => setAsking(false)}>
          Keep order
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={cancel.isPending}
          onClick={async () => {
            const res = await cancel.cancel(order.order_id).catch(() => null);
            if (!res) return;
            setAsking(false);
            toast((res.data as ShoppingOrder).refund ? 'Order cancelled and refunded' : 'Order cancelled', { duration: TOAST_DURATION.normal });
          }}
        >
          Yes, cancel
        </button>
      </div>
    </fieldset>
  );
}
