// The person's orders and saved shipping address in their data export (services/app/export-parts.ts
// lists this part): every order with what was bought, its amounts, status, refund and the address
// it ships to, however many there are.
import type { Db } from '../../db/database.js';
import { orderViews, savedAddressOf } from './queries.js';

export async function shoppingOrdersExport(db: Db, userId: string) {
  return { saved_shipping_address: await savedAddressOf(db, userId), orders: await orderViews(db, userId) };
}
