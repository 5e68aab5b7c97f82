// Products, prices, coupons and promotion codes: created over the API or by a test (`seed*`).
import { list, missing, type Params, record, str, StripeFakeError } from './http.js';
import { newId, type Coupon, type FakeState, type Price, type PromotionCode } from './state.js';

export function createPrice(
  state: FakeState,
  p: { id?: string; product?: string; product_name?: string; unit_amount: number; currency: string; interval: 'month' | 'year' },
): Price {
  const product = p.product ?? newId('prod');
  if (!state.products.has(product)) state.products.set(product, { id: product, object: 'product', name: p.product_name ?? product, active: true });
  const price: Price = {
    id: p.id ?? newId('price'),
    object: 'price',
    product,
    unit_amount: p.unit_amount,
    currency: p.currency,
    recurring: { interval: p.interval, interval_count: 1 },
    active: true,
    type: 'recurring',
  };
  state.prices.set(price.id, price);
  return price;
}

export function createCoupon(state: FakeState, c: Partial<Coupon> & Pick<Coupon, 'duration'>): Coupon {
  const coupon: Coupon = {
    id: c.id ?? newId('coupon'),
    object: 'coupon',
    percent_off: c.percent_off ?? null,
    amount_off: c.amount_off ?? null,
    currency: c.currency ?? null,
    duration: c.duration,
    duration_in_months: c.duration_in_months ?? null,
    valid: c.valid ?? true,
    redeem_by: c.redeem_by ?? null,
    max_redemptions: c.max_redemptions ?? null,
    times_redeemed: c.times_redeemed ?? 0,
    ...(c.applies_to ? { applies_to: c.applies_to } : {}),
    metadata: c.metadata ?? {},
  };
  state.coupons.set(coupon.id, coupon);
  return coupon;
}

type PromotionCodeSeed = { code: string; coupon: string; active?: boolean } & Partial<
  Pick<PromotionCode, 'expires_at' | 'max_redemptions' | 'times_redeemed' | 'metadata'> & { first_time_transaction: boolean }
>;

export function createPromotionCode(state: FakeState, p: PromotionCodeSeed): PromotionCode {
  const coupon = state.coupons.get(p.coupon);
  if (!coupon) throw missing('coupon', p.coupon);
  if ([...state.promotionCodes.values()].some((x) => x.code === p.code && x.active))
    throw new StripeFakeError(400, 'invalid_request_error', 'resource_already_exists', `An active promotion code with \`code: ${p.code}\` already exists.`);
  const promo: PromotionCode = {
    id: newId('promo'),
    object: 'promotion_code',
    code: p.code,
    active: p.active ?? true,
    coupon,
    promotion: { type: 'coupon', coupon: coupon.id },
    expires_at: p.expires_at ?? null,
    max_redemptions: p.max_redemptions ?? null,
    times_redeemed: p.times_redeemed ?? 0,
    restrictions: { first_time_transaction: p.first_time_transaction ?? false, minimum_amount: null, minimum_amount_currency: null },
    metadata: p.metadata ?? {},
  };
  state.promotionCodes.set(promo.id, promo);
  return promo;
}

export function catalogRoutes(state: FakeState) {
  return {
    'POST /v1/products': (p: Params) => {
      const id = str(p.id) ?? newId('prod');
      const product = { id, object: 'product', name: str(p.name) ?? id, active: true, metadata: record(p.metadata) };
      state.products.set(id, product);
      return product;
    },
    'POST /v1/prices': (p: Params) => {
      const recurring = record(p.recurring);
      return createPrice(state, {
        product: str(p.product),
        unit_amount: Number(p.unit_amount),
        currency: str(p.currency) ?? 'usd',
        interval: recurring.interval === 'year' ? 'year' : 'month',
      });
    },
    'GET /v1/prices/:id': (_p: Params, id: string) => state.prices.get(id) ?? missingThrow('price', id),
    'GET /v1/prices': () => list([...state.prices.values()], '/v1/prices'),
    'POST /v1/coupons': (p: Params) =>
      createCoupon(state, {
        id: str(p.id),
        percent_off: p.percent_off ? Number(p.percent_off) : null,
        amount_off: p.amount_off ? Number(p.amount_off) : null,
        currency: str(p.currency) ?? null,
        duration: (str(p.duration) as Coupon['duration']) ?? 'once',
        duration_in_months: p.duration_in_months ? Number(p.duration_in_months) : null,
      }),
    'POST /v1/promotion_codes': (p: Params) => {
      const promotion = record(p.promotion);
      return createPromotionCode(state, { code: str(p.code) ?? '', coupon: str(promotion.coupon) ?? str(p.coupon) ?? '' });
    },
    'GET /v1/promotion_codes': (p: Params) => {
      const code = str(p.code);
      const found = [...state.promotionCodes.values()].filter((x) => !code || x.code === code);
      // `expand[]=data.promotion.coupon` gives each code's coupon object in place of its id, as Stripe does.
      const expand = ([] as unknown[]).concat(p.expand ?? []).includes('data.promotion.coupon');
      const shown = found.map((x) => (expand ? { ...x, promotion: { type: 'coupon' as const, coupon: x.coupon } } : x));
      return list(shown.slice(0, Number(p.limit ?? 10)), '/v1/promotion_codes');
    },
  };
}

function missingThrow(what: string, id: string): never {
  throw missing(what, id);
}
