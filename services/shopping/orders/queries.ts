// Orders and shoppers from their read models, as the calls answer them.
import type { Db } from '../../db/database.js';
import type { ShippingAddress } from './address.js';
import { own } from './tables.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type OrderView = {
  order_id: string;
  status: 'created' | 'awaiting_payment' | 'payment_failed' | 'paid' | 'cancelled';
  items: {
    option_key: string;
    product_id: string;
    merchant_id: string;
    merchant_name: string;
    title: string;
    option_label: string;
    image_url: string | null;
    quantity: number;
    unit_price_minor: number;
    currency: string;
  }[];
  shipping_address: Required<ShippingAddress>;
  subtotal_minor: number;
  tax_minor: number;
  tax_calculated: boolean;
  shipping_minor: number;
  total_minor: number;
  currency: string;
  created_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
  refund: { amount_minor: number; status: string } | null;
  payment_error: string | null;
};

const ORDER_COLUMNS = [
  'order_id',
  'status',
  'items',
  'shipping_address',
  'subtotal_minor',
  'tax_minor',
  'tax_calculated',
  'shipping_minor',
  'total_minor',
  'currency',
  'created_at',
  'paid_at',
  'cancelled_at',
  'refund',
  'payment_error',
] as const;

type Row = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];
const selectOrders = (db: Db, userId: string) => own(db).selectFrom('shopping_orders').select(ORDER_COLUMNS).where('user_id', '=', userId);

function view(r: Row): OrderView {
  const refund = r.refund as { amount_minor: number; status: string } | null;
  return {
    order_id: r.order_id,
    status: r.status as OrderView['status'],
    items: r.items as OrderView['items'],
    shipping_address: r.shipping_address as OrderView['shipping_address'],
    subtotal_minor: Number(r.subtotal_minor),
    tax_minor: Number(r.tax_minor),
    tax_calculated: r.tax_calculated,
    shipping_minor: Number(r.shipping_minor),
    total_minor: Number(r.total_minor),
    currency: r.currency,
    created_at: r.created_at.toISOString(),
    paid_at: iso(r.paid_at),
    cancelled_at: iso(r.cancelled_at),
    refund: refund ? { amount_minor: refund.amount_minor, status: refund.status } : null,
    payment_error: r.payment_error,
  };
}

export async function ordersOf(db: Db, userId: string): Promise<OrderView[]> {
  const rows = await selectOrders(db, userId).orderBy('created_at', 'desc').orderBy('order_id').limit(200).execute();
  return rows.map(view);
}

/** Every order of the person, oldest first (their data export: no limit). */
export async function orderViews(db: Db, userId: string): Promise<OrderView[]> {
  const rows = await selectOrders(db, userId).orderBy('created_at').orderBy('order_id').execute();
  return rows.map(view);
}

/** The person's order, or null (another person's order is none of theirs). */
export async function orderOf(db: Db, userId: string, orderId: string): Promise<OrderView | null> {
  const row = await selectOrders(db, userId).where('order_id', '=', orderId).executeTakeFirst();
  return row ? view(row) : null;
}

export async function savedAddressOf(db: Db, userId: string): Promise<Required<ShippingAddress> | null> {
  const row = await own(db).selectFrom('shoppers').select('shipping_address').where('user_id', '=', userId).executeTakeFirst();
  return (row?.shipping_address as Required<ShippingAddress> | null) ?? null;
}
