// The memories as read models: `memories` (one row per memory kept) and `memory_switches`
// (a row once the person turns memories off or on again).
import type { AccountErased } from '../identity/events.js';
import type { Projection } from '../eventstore/types.js';
import { MEMORY_EVENTS, type MemoryEvent } from './events.js';
import { own } from './tables.js';

export const memoriesProjection: Projection = {
  name: 'memories',
  tables: ['memories', 'memory_switches'],
  handles: [...MEMORY_EVENTS, 'AccountErased'],
  async apply(trx, event) {
    // A deleted account's memories go with it (docs/data-rights.md).
    if (event.type === 'AccountErased') {
      const userId = (event.data as AccountErased['data']).user_id;
      await own(trx).deleteFrom('memories').where('user_id', '=', userId).execute();
      await own(trx).deleteFrom('memory_switches').where('user_id', '=', userId).execute();
      return;
    }
    const e = event as unknown as MemoryEvent;
    switch (e.type) {
      case 'MemoryRemembered': {
        const d = e.data;
        await own(trx)
          .insertInto('memories')
          .values({
            memory_key: d.memory_key,
            user_id: d.user_id,
            content: d.content,
            origin: d.origin,
            from_entry_uuid: d.from_entry_uuid,
            verdict: null,
            should_forget: false,
            feedback_type: null,
            feedback_comment: null,
            feedback_entry_uuid: null,
            created_at: d.remembered_at,
            updated_at: d.remembered_at,
          })
          .execute();
        return;
      }
      case 'MemoryEdited':
        await own(trx)
          .updateTable('memories')
          .set({ content: e.data.content, updated_at: e.data.edited_at })
          .where('memory_key', '=', e.data.memory_key)
          .where('user_id', '=', e.data.user_id)
          .execute();
        return;
      case 'MemoryForgotten':
        await own(trx).deleteFrom('memories').where('memory_key', '=', e.data.memory_key).where('user_id', '=', e.data.user_id).execute();
        return;
      case 'AllMemoriesForgotten':
        await own(trx).deleteFrom('memories').where('user_id', '=', e.data.user_id).execute();
        return;
      case 'MemoryFeedbackGiven': {
        const d = e.data;
        await own(trx)
          .updateTable('memories')
          .set({
            verdict: d.verdict,
            should_forget: d.should_forget,
            // A click keeps the detailed feedback given before it; a detailed one replaces it.
            ...(d.feedback_type ? { feedback_type: d.feedback_type, feedback_comment: d.comment } : {}),
            ...(d.verdict === null ? { feedback_type: null, feedback_comment: null } : {}),
            feedback_entry_uuid: d.feedback_entry_uuid,
            updated_at: d.given_at,
          })
          .where('memory_key', '=', d.memory_key)
          .where('user_id', '=', d.user_id)
          .execute();
        return;
      }
      case 'MemoriesSwitched':
        await own(trx)
          .insertInto('memory_switches')
          .values({ user_id: e.data.user_id, enabled: e.data.enabled, updated_at: e.data.switched_at })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ enabled: e.data.enabled, updated_at: e.data.switched_at }))
          .execute();
        return;
    }
  },
};
