// The tables settings owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { Generated } from 'kysely';
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

export interface AccountSettingsTable {
  user_id: string;
  theme: string;
  answer_language: string;
  default_search_mode: string;
  incognito_by_default: boolean;
  about_me: string;
  answer_style: string;
  default_model: string | null;
  meeting_minutes: Generated<number>;
  meeting_day_start_hour: Generated<number>;
  meeting_day_end_hour: Generated<number>;
  meeting_weekdays: Generated<number[]>;
  updated_at: Timestamp;
}

export interface SiteInstructionsTable {
  user_id: string;
  domain: string;
  instructions: string;
  updated_at: Timestamp;
}

export interface SettingsTables {
  account_settings: AccountSettingsTable;
  site_instructions: SiteInstructionsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<SettingsTables>();
