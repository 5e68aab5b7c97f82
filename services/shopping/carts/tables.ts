// The table the store carts own (migration 0077), a read model written by projection.ts: each
// person's current cart. Only this code queries it, through `own()`.
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/columns.js';
import { ownerOf } from '../../db/owned.js';

/** bigint: pg reads it as text. */
type Money = ColumnType<string, number, number>;

export interface ShoppingCartsTable {
  user_id: string;
  cart_id: string;
  merchant_id: string;
  merchant_name: string;
  lines: ColumnType<unknown[], string, string>;
  subtotal_minor: Money;
  total_minor: Money;
  currency: string;
  checkout_url: string;
  shipping_info_set: boolean;
  updated_at: Timestamp;
}

export interface CartTables {
  shopping_carts: ShoppingCartsTable;
}

export const own = ownerOf<CartTables>();
