// The person's price alerts as the checker saw them, in their data export (services/app/export-parts.ts).
import type { Db } from '../db/database.js';
import { own } from './tables.js';

export async function priceAlertsExport(db: Db, userId: string) {
  const rows = await own(db)
    .selectFrom('price_alert_states')
    .select([
      'task_id',
      'symbol',
      'alert_type',
      'last_price',
      'last_previous_close',
      'currency',
      'last_quote_at',
      'fired_count',
      'last_fired_at',
      'last_reason',
    ])
    .where('owner_id', '=', userId)
    .orderBy('task_id')
    .execute();
  return { price_alerts: rows };
}
