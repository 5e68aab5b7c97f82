// The person's settings as read models: `account_settings` (one row once they save anything,
// the defaults filling what they have not) and `site_instructions`.
import type { Updateable } from 'kysely';
import type { Projection, Trx } from '../eventstore/types.js';
import { ACCOUNT_SETTINGS_EVENTS, type AccountSettingsEvent, DEFAULT_PERSONALIZATION, DEFAULT_PREFERENCES } from './events.js';
import type { AccountSettingsTable } from './tables.js';
import type { AccountErased } from '../identity/events.js';
import { own } from './tables.js';

type Columns = Omit<Updateable<AccountSettingsTable>, 'user_id' | 'updated_at'>;

async function upsert(trx: Trx, userId: string, at: string, set: Columns) {
  await own(trx)
    .insertInto('account_settings')
    .values({ user_id: userId, ...DEFAULT_PREFERENCES, ...DEFAULT_PERSONALIZATION, default_model: null, ...set, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...set, updated_at: at }))
    .execute();
}

export const accountSettingsProjection: Projection = {
  name: 'account_settings',
  tables: ['account_settings', 'site_instructions'],
  handles: [...ACCOUNT_SETTINGS_EVENTS, 'AccountErased'],
  async apply(trx, event) {
    // A deleted account's settings go with it (docs/data-rights.md).
    if (event.type === 'AccountErased') {
      const userId = (event.data as AccountErased['data']).user_id;
      await own(trx).deleteFrom('site_instructions').where('user_id', '=', userId).execute();
      await own(trx).deleteFrom('account_settings').where('user_id', '=', userId).execute();
      return;
    }
    const e = event as unknown as AccountSettingsEvent;
    switch (e.type) {
      case 'PreferencesChanged': {
        const { user_id, changed_at, theme, answer_language, default_search_mode, incognito_by_default } = e.data;
        return upsert(trx, user_id, changed_at, { theme, answer_language, default_search_mode, incognito_by_default });
      }
      case 'PersonalizationChanged':
        return upsert(trx, e.data.user_id, e.data.changed_at, { about_me: e.data.about_me, answer_style: e.data.answer_style });
      case 'DefaultModelChosen':
        return upsert(trx, e.data.user_id, e.data.chosen_at, { default_model: e.data.model });
      case 'SiteInstructionSaved': {
        const { user_id, domain, instructions, saved_at } = e.data;
        await own(trx)
          .insertInto('site_instructions')
          .values({ user_id, domain, instructions, updated_at: saved_at })
          .onConflict((oc) => oc.columns(['user_id', 'domain']).doUpdateSet({ instructions, updated_at: saved_at }))
          .execute();
        return;
      }
      case 'MeetingDefaultsChanged': {
        const { user_id, changed_at, minutes, day_start_hour, day_end_hour, weekdays } = e.data;
        // An erased account's event (hours blanked) is followed by AccountErased, which drops the row.
        if (minutes === null) return;
        return upsert(trx, user_id, changed_at, {
          meeting_minutes: minutes,
          meeting_day_start_hour: day_start_hour,
          meeting_day_end_hour: day_end_hour,
          meeting_weekdays: weekdays,
        });
      }
      case 'SiteInstructionRemoved':
        await own(trx).deleteFrom('site_instructions').where('user_id', '=', e.data.user_id).where('domain', '=', e.data.domain).execute();
        return;
    }
  },
};
