// The person's current store cart in their data export (services/app/export-parts.ts lists this
// part): what is in it, its totals and its checkout, or null when they have none.
import type { Db } from '../../db/database.js';
import { currentCartOf } from './queries.js';

export async function storeCartExport(db: Db, userId: string) {
  return { cart: await currentCartOf(db, userId) };
}
