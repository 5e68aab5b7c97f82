// Reads of the person's settings from their read models; someone who never saved gets the defaults.
import { compiledOnce } from '../db/compiled-once.js';
import { type Db, preparedBuilt } from '../db/database.js';
import type { Trx } from '../eventstore/types.js';
import {
  type AnswerStyle,
  DEFAULT_MEETING_DEFAULTS,
  DEFAULT_PERSONALIZATION,
  DEFAULT_PREFERENCES,
  type DefaultSearchMode,
  type MeetingDefaults,
  type Theme,
} from './events.js';
import { own } from './tables.js';

export type SettingsRow = {
  theme: Theme;
  answer_language: string;
  default_search_mode: DefaultSearchMode;
  incognito_by_default: boolean;
  about_me: string;
  answer_style: AnswerStyle;
  default_model: string | null;
};

// Read before every signed-in answer: built once (compiledOnce), prepared per connection.
const settingsRow = compiledOnce(1, (db, userId: string) =>
  preparedBuilt(
    own(db)
      .selectFrom('account_settings')
      .select(['theme', 'answer_language', 'default_search_mode', 'incognito_by_default', 'about_me', 'answer_style', 'default_model'])
      .where('user_id', '=', userId),
  ),
);

export async function settingsOf(db: Db | Trx, userId: string): Promise<SettingsRow> {
  const [row] = await settingsRow(db, userId);
  return (row as SettingsRow | undefined) ?? { ...DEFAULT_PREFERENCES, ...DEFAULT_PERSONALIZATION, default_model: null };
}

export async function siteInstructionsOf(db: Db | Trx, userId: string) {
  const rows = await own(db)
    .selectFrom('site_instructions')
    .select(['domain', 'instructions', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('domain')
    .execute();
  return rows.map((r) => ({ domain: r.domain, instructions: r.instructions, updated_at: new Date(r.updated_at).toISOString() }));
}

/** The person's meeting defaults (the defaults until they save their own); also their part of the data export. */
export async function meetingDefaultsOf(db: Db | Trx, userId: string): Promise<MeetingDefaults> {
  const row = await own(db)
    .selectFrom('account_settings')
    .select(['meeting_minutes', 'meeting_day_start_hour', 'meeting_day_end_hour', 'meeting_weekdays'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return DEFAULT_MEETING_DEFAULTS;
  return {
    minutes: row.meeting_minutes as MeetingDefaults['minutes'],
    day_start_hour: row.meeting_day_start_hour,
    day_end_hour: row.meeting_day_end_hour,
    weekdays: row.meeting_weekdays,
  };
}
