// The catalogue's use cases, each for one Actor: product cards for an answer entry, a product's
// details, the merchants' sync states; and, for other domains, one priced option.
import { findEntry, readableThread } from '../../threads/index.js';
import type { Actor } from '../../shared/actor.js';
import type { KernelContext } from '../../shared/context.js';
import { ConcurrencyError } from '../../eventstore/types.js';
import { isBuyingQuestion, shoppingQueryOf } from './buying-intent.js';
import { decideAttach } from './decide.js';
import { entryWidgetsStream } from './events.js';
import { catalogueErrors } from './errors.js';
import { entryWidgets, merchantSyncs, pricedOptionRow, productOfOption, searchProducts } from './queries.js';
import { isAvailable, type MerchantKind, type ProductDetails, type ShoppingWidget } from './widgets.js';
import type { Db } from '../../db/database.js';
import { merchantKindOf } from '../../shared/merchant-feeds-config.js';
import { MAX_WIDGETS } from './pure.js';

const configured = (ctx: KernelContext) => ctx.config.shopping.merchants.length > 0;

export type EntrySearch = { query: string; read_write_token: string; entry_uuid: string };

/**
 * The cards of an entry: the ones kept with it for anyone who may read its thread; for its owner
 * holding the thread's token (its context_uuid, or the frontend_context_uuid the client asked with), searched for a buying question and kept (the first search's stay).
 * Empty, never an error, when anything is missing or fails (seed 002 §7: empty on failure).
 */
export async function searchShoppingForEntry(ctx: KernelContext, actor: Actor, input: EntrySearch): Promise<ShoppingWidget[]> {
  if (!configured(ctx)) return [];
  try {
    const entry = await findEntry(ctx.db, input.entry_uuid);
    if (!entry) return [];
    const { thread, isOwner } = await readableThread(ctx, entry.context_uuid, actor);
    const kept = await entryWidgets(ctx.db, entry.backend_uuid);
    if (kept) return kept;
    const tokens = [thread.context_uuid, thread.frontend_context_uuid].filter(Boolean);
    if (!isOwner || !tokens.includes(input.read_write_token) || !isBuyingQuestion(input.query)) return [];
    const widgets = await searchProducts(ctx.db, { ...shoppingQueryOf(input.query), limit: MAX_WIDGETS });
    const events = decideAttach(
      false,
      { backend_uuid: entry.backend_uuid, context_uuid: entry.context_uuid, user_id: thread.owner_user_id },
      input.query,
      widgets,
      ctx.now().toISOString(),
    );
    if (events.length === 0) return [];
    try {
      await ctx.store.append(entryWidgetsStream(entry.backend_uuid), 'no_stream', events);
    } catch (err) {
      // Two searches at once: the first one's cards are the entry's.
      if (err instanceof ConcurrencyError) return (await entryWidgets(ctx.db, entry.backend_uuid)) ?? [];
      throw err;
    }
    return widgets;
  } catch (err) {
    ctx.logger.warn({ err, entry_uuid: input.entry_uuid }, 'shopping search for an entry failed; it shows no products');
    return [];
  }
}

/** A product with all its options, for anyone (the catalogue is the merchants' public offer). */
export async function fetchProductDetails(ctx: KernelContext, _actor: Actor, optionKey: string): Promise<ProductDetails> {
  if (!configured(ctx)) throw catalogueErrors.notConfigured();
  const product = await productOfOption(ctx.db, optionKey);
  if (!product) throw catalogueErrors.productNotFound();
  return product;
}

/** The configured merchants with their last syncs (public: names and counts, never their feeds' addresses). */
export async function listMerchantFeeds(ctx: KernelContext, _actor: Actor) {
  const synced = new Map((await merchantSyncs(ctx.db)).map((m) => [m.merchant_id, m]));
  return ctx.config.shopping.merchants.map((m) => {
    const s = synced.get(m.id);
    return {
      merchant_id: m.id,
      merchant_name: m.name,
      merchant_kind: merchantKindOf(m),
      product_count: s?.product_count ?? 0,
      last_ok_at: s?.last_ok_at ? new Date(s.last_ok_at).toISOString() : null,
      last_error: s?.last_error ?? null,
      last_error_at: s?.last_error_at ? new Date(s.last_error_at).toISOString() : null,
    };
  });
}

/** What an order needs of one option (services/shopping/orders prices a cart with it). */
export type PricedOption = {
  optionKey: string;
  productId: string;
  merchantId: string;
  merchantName: string;
  /** A Shopify store's options are bought through its cart (services/shopping/carts), not a Stripe order. */
  merchantKind?: MerchantKind;
  /** The merchant's own id of the option (a feed item's id; a Shopify variant's id). */
  itemId?: string;
  title: string;
  optionLabel: string;
  priceMinor: number;
  currency: string;
  imageUrl: string | null;
  available: boolean;
};

export async function pricedOptionOf(db: Db, optionKey: string): Promise<PricedOption | null> {
  const row = await pricedOptionRow(db, optionKey);
  if (!row) return null;
  return {
    optionKey: row.option_key,
    productId: row.product_id,
    merchantId: row.merchant_id,
    merchantName: row.merchant_name,
    merchantKind: row.merchant_kind as MerchantKind,
    itemId: row.item_id,
    title: row.title,
    optionLabel: row.label,
    priceMinor: Number(row.price_minor),
    currency: row.currency,
    imageUrl: row.image_url,
    available: isAvailable(row.availability),
  };
}
