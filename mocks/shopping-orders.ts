// Shopping orders in the mock API: the mocks have no Stripe, so they answer as a server without
// STRIPE_SECRET_KEY does: no orders, and 503 payments_not_configured for anything that would
// reach Stripe (the payment modal says payments are not set up). Nothing pretends to sell.
import {
  getCalculateTaxAndShippingMockHandler,
  getCreateShoppingOrderMockHandler,
  getCreateShoppingPaymentIntentMockHandler,
  getGetShoppingOrderMockHandler,
  getListShoppingOrdersMockHandler,
  getReceiveShoppingStripeWebhookMockHandler,
  getRetrieveCustomerShoppingInfoMockHandler,
  getUpdateCustomerShippingAddressMockHandler,
  getUpdateShoppingOrderMockHandler,
} from '../generated/msw/shopping-orders/shopping-orders.msw';
import type { ShoppingOrderList } from '../generated/react-query/model';
import { orderErrors } from '../services/shopping/pure';
import { refuse } from './problem';
import { currentUser, type ScenarioState } from './scenarios';

export function shoppingOrderHandlers(opts: { state: () => ScenarioState }) {
  const signedIn = () => currentUser(opts.state()) ?? refuse(orderErrors.unauthenticated());
  const off = (): never => refuse(orderErrors.paymentsNotConfigured());
  return [
    getListShoppingOrdersMockHandler((): ShoppingOrderList => {
      signedIn();
      return { orders: [] };
    }),
    getGetShoppingOrderMockHandler(() => {
      signedIn();
      return refuse(orderErrors.orderNotFound());
    }),
    ...[
      getCalculateTaxAndShippingMockHandler,
      getRetrieveCustomerShoppingInfoMockHandler,
      getCreateShoppingOrderMockHandler,
      getCreateShoppingPaymentIntentMockHandler,
      getUpdateShoppingOrderMockHandler,
      getUpdateCustomerShippingAddressMockHandler,
    ].map((handler) =>
      handler(() => {
        signedIn();
        return off();
      }),
    ),
    getReceiveShoppingStripeWebhookMockHandler(() => off()),
  ];
}
