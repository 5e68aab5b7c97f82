// Cancelling an order (seed 002 §7: order_status cancelled, 20 s); a paid one is refunded by the
// server. The lists and the order are read again afterwards.
import { useQueryClient } from '@tanstack/react-query';
import {
  getGetShoppingOrderQueryKey,
  getListShoppingOrdersQueryKey,
  useUpdateShoppingOrder,
} from '../../../../../generated/react-query/shopping-orders/shopping-orders';
import type { ShoppingOrder } from '../../../../../generated/react-query/model';
import { SHOPPING_TIMEOUTS } from './order-text';

export function useCancelOrder() {
  const queryClient = useQueryClient();
  const mutation = useUpdateShoppingOrder({
    request: { timeoutMs: SHOPPING_TIMEOUTS.cancel },
    mutation: {
      onSuccess: async (res) => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: getListShoppingOrdersQueryKey() }),
          queryClient.invalidateQueries({ queryKey: getGetShoppingOrderQueryKey((res.data as ShoppingOrder).order_id) }),
        ]);
      },
    },
  });
  return { ...mutation, cancel: (orderId: string) => mutation.mutateAsync({ data: { order_id: orderId, order_status: 'cancelled' } }) };
}
