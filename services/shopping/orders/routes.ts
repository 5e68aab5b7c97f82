// Shopping orders over HTTP (seed 002 §7): each handler calls one use case.
import type { DomainRoutes } from '../../http/handler.js';
import { ordersDeps, type ShoppingOrdersContext } from './context.js';
import {
  applyPaymentWebhook,
  calculateTaxAndShipping,
  cancelOrder,
  createOrder,
  createPaymentIntent,
  customerShoppingInfo,
  getOrder,
  listOrders,
  saveShippingAddress,
} from './use-cases.js';

export const shoppingOrderRoutes = {
  async calculateTaxAndShipping({ actor, body }, ctx) {
    return { status: 200, body: await calculateTaxAndShipping(ordersDeps(ctx), actor, body) };
  },
  async retrieveCustomerShoppingInfo({ actor }, ctx) {
    return { status: 200, body: await customerShoppingInfo(ordersDeps(ctx), actor) };
  },
  async createShoppingOrder({ actor, body }, ctx) {
    return { status: 200, body: await createOrder(ordersDeps(ctx), actor, body) };
  },
  async createShoppingPaymentIntent({ actor, body }, ctx) {
    return { status: 200, body: await createPaymentIntent(ordersDeps(ctx), actor, body) };
  },
  async updateShoppingOrder({ actor, body }, ctx) {
    return { status: 200, body: await cancelOrder(ordersDeps(ctx), actor, body) };
  },
  async updateCustomerShippingAddress({ actor, body }, ctx) {
    return { status: 200, body: await saveShippingAddress(ordersDeps(ctx), actor, body) };
  },
  async listShoppingOrders({ actor }, ctx) {
    return { status: 200, body: await listOrders(ordersDeps(ctx), actor) };
  },
  async getShoppingOrder({ actor, path }, ctx) {
    return { status: 200, body: await getOrder(ordersDeps(ctx), actor, path.order_id) };
  },
  async receiveShoppingStripeWebhook({ rawBody, headers }, ctx) {
    await applyPaymentWebhook(ordersDeps(ctx), rawBody, headers['stripe-signature']);
    return { status: 200, body: { received: true } };
  },
} satisfies DomainRoutes<ShoppingOrdersContext>;
