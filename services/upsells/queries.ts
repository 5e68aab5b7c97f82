// Reads of a caller's upsell marks.
import type { Db } from '../db/database.js';
import type { UpsellMarks } from './events.js';
import { own } from './tables.js';

/** The person's part of their data export: which upsells they were shown (counted) and clicked. */
export const upsellMarksExport = {
  path: 'upsells/marks.json',
  read: async (db: Db, userId: string) =>
    own(db)
      .selectFrom('upsell_marks')
      .select(['upsell_name', 'impressions', 'interacted_at'])
      .where('subject', '=', `user:${userId}`)
      .orderBy('upsell_name')
      .execute(),
};

export async function marksOf(db: Db, subject: string): Promise<UpsellMarks> {
  const rows = await own(db).selectFrom('upsell_marks').select(['upsell_name', 'impressions', 'interacted_at']).where('subject', '=', subject).execute();
  return Object.fromEntries(rows.map((r) => [r.upsell_name, { impressions: r.impressions, interacted: r.interacted_at !== null }]));
}
