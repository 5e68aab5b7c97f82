// The tables the shopping orders own. Only this code queries them, through `own()`.
import type { ColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';
import { ownerOf } from '../../db/owned.js';

type Json<T> = ColumnType<T, string, string>;
/** bigint: pg reads it as text. */
type Money = ColumnType<string, number, number>;

export interface ShoppingOrdersTable {
  order_id: string;
  user_id: string;
  status: string;
  items: Json<unknown[]>;
  shipping_address: Json<Record<string, unknown>>;
  subtotal_minor: Money;
  tax_minor: Money;
  tax_calculated: boolean;
  shipping_minor: Money;
  total_minor: Money;
  currency: string;
  payment_intent_id: string | null;
  payment_error: string | null;
  refund: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Timestamp;
  paid_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
}

export interface ShoppersTable {
  user_id: string;
  customer_id: string | null;
  shipping_address: ColumnType<Record<string, unknown> | null, string | null, string | null>;
}

export interface ShoppingOrdersTables {
  shopping_orders: ShoppingOrdersTable;
  shoppers: ShoppersTable;
}

export const own = ownerOf<ShoppingOrdersTables>();
