// Store carts in the mock API: the mock catalogue's merchants are product feeds, so they answer
// as the server does for them, from the same rules: a feed's option takes no store cart (409
// merchant_paid_in_thread; the product is bought in the thread), and nobody has a cart to ship or
// check out (404 cart_not_found). Nothing pretends to be a store.
import {
  getCreateFirmlyCartMockHandler,
  getCreateFirmlySessionMockHandler,
  getSetFirmlyShippingInfoMockHandler,
} from '../generated/msw/shopping-carts/shopping-carts.msw';
import { catalogueErrors, cartErrors, NO_CART, requireCurrentCart, requireSessionReady, requireStoreOption } from '../services/shopping/pure';
import { refuse, ruled } from './problem';
import { currentUser, type ScenarioState } from './scenarios';
import { MOCK_PRODUCTS } from './shopping-catalogue';

export function shoppingCartHandlers(opts: { on: () => boolean; state: () => ScenarioState }) {
  const signedIn = () => currentUser(opts.state()) ?? refuse(cartErrors.unauthenticated());
  return [
    getCreateFirmlyCartMockHandler(async ({ request }) => {
      signedIn();
      if (!opts.on()) refuse(catalogueErrors.notConfigured());
      const { option_key } = (await request.json()) as { option_key: string };
      const product = MOCK_PRODUCTS.find((p) => p.options.some((o) => o.option_key === option_key));
      const option = product?.options.find((o) => o.option_key === option_key);
      ruled(() =>
        requireStoreOption(
          product && option ? { merchantKind: product.merchant_kind, merchantName: product.merchant_name, available: option.available } : null,
        ),
      );
      // A store option would need a store: the mocks have none.
      return refuse(cartErrors.optionNotFound());
    }),
    getSetFirmlyShippingInfoMockHandler(async ({ request }) => {
      signedIn();
      const { cart_id } = (await request.json()) as { cart_id: string };
      return ruled(() => requireCurrentCart(NO_CART, cart_id));
    }),
    getCreateFirmlySessionMockHandler(() => {
      signedIn();
      ruled(() => requireSessionReady(NO_CART));
      return refuse(cartErrors.cartNotFound());
    }),
  ];
}
