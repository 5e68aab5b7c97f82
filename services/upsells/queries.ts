// Reads of a caller's upsell marks.
import type { Db } from '../db/database.js';
import type { UpsellMarks } from './events.js';

export async function marksOf(db: Db, subject: string): Promise<UpsellMarks> {
  const rows = await db.selectFrom('upsell_marks').select(['upsell_name', 'impressions', 'interacted_at']).where('subject', '=', subject).execute();
  return Object.fromEntries(rows.map((r) => [r.upsell_name, { impressions: r.impressions, interacted: r.interacted_at !== null }]));
}
