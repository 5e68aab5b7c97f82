import { sql } from 'kysely';
import type { Projection } from '../eventstore/types.js';
import type { AccountErased } from '../identity/events.js';
import { API_KEY_EVENT_TYPES, type ApiKeyEvent } from './events.js';
import { monthOf } from './rate-window.js';
import { own } from './tables.js';

/**
 * `api_keys`: one row per key (hash, prefix, scopes, last use, revocation); `api_key_usage`: its
 * use per month. An erased account's keys and their use go with it.
 */
export const apiKeysProjection: Projection = {
  name: 'api-keys',
  tables: ['api_keys', 'api_key_usage'],
  handles: [...API_KEY_EVENT_TYPES, 'AccountErased'],
  async apply(trx, event) {
    if (event.type === 'AccountErased') {
      const userId = (event.data as AccountErased['data']).user_id;
      await own(trx).deleteFrom('api_keys').where('user_id', '=', userId).execute();
      await own(trx).deleteFrom('api_key_usage').where('user_id', '=', userId).execute();
      return;
    }
    const e = { type: event.type, data: event.data } as ApiKeyEvent;
    if (e.type === 'ApiKeyCreated') {
      const d = e.data;
      await own(trx)
        .insertInto('api_keys')
        .values({ key_id: d.key_id, user_id: d.user_id, name: d.name, prefix: d.prefix, secret_hash: d.secret_hash, scopes: d.scopes, created_at: d.at })
        .onConflict((oc) => oc.column('key_id').doNothing())
        .execute();
    } else if (e.type === 'ApiKeyRevoked') {
      await own(trx).updateTable('api_keys').set({ revoked_at: e.data.at }).where('key_id', '=', e.data.key_id).where('revoked_at', 'is', null).execute();
    } else if (e.type === 'ApiKeyUsed') {
      const d = e.data;
      await own(trx)
        .updateTable('api_keys')
        .set({ last_used_at: sql`greatest(last_used_at, ${d.at}::timestamptz)` })
        .where('key_id', '=', d.key_id)
        .execute();
      await own(trx)
        .insertInto('api_key_usage')
        .values({
          key_id: d.key_id,
          user_id: d.user_id,
          month: monthOf(new Date(d.at)),
          requests: d.requests,
          prompt_tokens: d.prompt_tokens,
          completion_tokens: d.completion_tokens,
          search_queries: d.search_queries,
        })
        .onConflict((oc) =>
          oc.columns(['key_id', 'month']).doUpdateSet({
            requests: sql`api_key_usage.requests + excluded.requests`,
            prompt_tokens: sql`api_key_usage.prompt_tokens + excluded.prompt_tokens`,
            completion_tokens: sql`api_key_usage.completion_tokens + excluded.completion_tokens`,
            search_queries: sql`api_key_usage.search_queries + excluded.search_queries`,
          }),
        )
        .execute();
    }
  },
};
