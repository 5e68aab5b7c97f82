// Read-model queries on the domain's own tables: a person's keys with this month's use, a key by
// its secret's hash, and a person's requests this month.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { own } from './tables.js';
import type { ApiScope } from './scopes.js';

export type KeyView = {
  key_id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  usage: { month: string; requests: number; prompt_tokens: number; completion_tokens: number; search_queries: number };
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export async function keysOf(db: Db, userId: string, month: string): Promise<KeyView[]> {
  const rows = await own(db)
    .selectFrom('api_keys as k')
    .leftJoin('api_key_usage as u', (j) => j.onRef('u.key_id', '=', 'k.key_id').on('u.month', '=', month))
    .select(['k.key_id', 'k.name', 'k.prefix', 'k.scopes', 'k.created_at', 'k.last_used_at', 'k.revoked_at'])
    .select(['u.requests', 'u.prompt_tokens', 'u.completion_tokens', 'u.search_queries'])
    .where('k.user_id', '=', userId)
    .orderBy('k.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    key_id: r.key_id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes as ApiScope[],
    created_at: iso(r.created_at)!,
    last_used_at: iso(r.last_used_at),
    revoked_at: iso(r.revoked_at),
    usage: {
      month,
      requests: Number(r.requests ?? 0),
      prompt_tokens: Number(r.prompt_tokens ?? 0),
      completion_tokens: Number(r.completion_tokens ?? 0),
      search_queries: Number(r.search_queries ?? 0),
    },
  }));
}

export type KeyOfSecret = { key_id: string; user_id: string; scopes: ApiScope[]; revoked: boolean };

export async function keyByHash(db: Db, secretHash: string): Promise<KeyOfSecret | null> {
  const row = await own(db)
    .selectFrom('api_keys')
    .select(['key_id', 'user_id', 'scopes', 'revoked_at'])
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
  return row ? { key_id: row.key_id, user_id: row.user_id, scopes: row.scopes as ApiScope[], revoked: row.revoked_at !== null } : null;
}

/** The person's answered API requests this month, over all their keys. */
export async function requestsThisMonth(db: Db, userId: string, month: string) {
  const row = await own(db)
    .selectFrom('api_key_usage')
    .select(sql<string>`coalesce(sum(requests), 0)`.as('n'))
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
