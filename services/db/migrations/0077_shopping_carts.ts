import { type Kysely, sql } from 'kysely';

// Issue 35: a person's current store cart (services/shopping/carts), a read model of the
// `shopping-cart-<user_id>` streams, read by the Firmly-style calls instead of folding the stream.
// One row a person: the cart made last, with what the store said of its money and checkout, until
// the store no longer has it or the account is erased. No buyer email or address: the calls
// never answer with them, so the read model does not keep them.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('shopping_carts')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('merchant_name', 'text', (c) => c.notNull())
    .addColumn('lines', 'jsonb', (c) => c.notNull())
    .addColumn('subtotal_minor', 'bigint', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('checkout_url', 'text', (c) => c.notNull())
    .addColumn('shipping_info_set', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The carts already in the log, as the projection would have written them: each person's last
  // cart made, with the totals of its last shipping set, unless the store lost it since or the
  // account was erased.
  await sql`insert into shopping_carts (user_id, cart_id, merchant_id, merchant_name, lines, subtotal_minor, total_minor, currency, checkout_url, shipping_info_set, updated_at)
    select c.data->>'user_id', c.data->>'cart_id', c.data->>'merchant_id', c.data->>'merchant_name', c.data->'lines',
      (coalesce(s.data, c.data)->>'subtotal_minor')::bigint, (coalesce(s.data, c.data)->>'total_minor')::bigint, coalesce(s.data, c.data)->>'currency',
      coalesce(s.data, c.data)->>'checkout_url', s.data is not null, (coalesce(s.data, c.data)->>'at')::timestamptz
    from (select distinct on (stream_id) stream_id, stream_version, data from events
          where stream_id like 'shopping-cart-%' and type = 'StoreCartCreated' order by stream_id, stream_version desc) c
    left join lateral (select e.data from events e
          where e.stream_id = c.stream_id and e.type = 'StoreCartShippingSet' and e.stream_version > c.stream_version and e.data->>'cart_id' = c.data->>'cart_id'
          order by e.stream_version desc limit 1) s on true
    where not exists (select 1 from events e where e.stream_id = c.stream_id and e.type = 'StoreCartExpired' and e.stream_version > c.stream_version
                        and e.data->>'cart_id' = c.data->>'cart_id')
      and not exists (select 1 from events e where e.type = 'AccountErased' and e.data->>'user_id' = c.data->>'user_id')`.execute(db);
}
