// The tables the API keys domain owns. `api_keys` and `api_key_usage` are read models written by
// projections.ts; `api_key_rate_windows` is the rate limiter's counter store (like the cluster's
// heartbeat table, not domain state): one row per key and minute, shared by every app instance.
import type { NullableTimestamp, Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

export interface ApiKeysTable {
  key_id: string;
  user_id: string;
  name: string;
  prefix: string;
  /** SHA-256 (hex) of the secret: the secret itself is never stored. */
  secret_hash: string;
  scopes: string[];
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface ApiKeyUsageTable {
  key_id: string;
  user_id: string;
  /** YYYY-MM (UTC). */
  month: string;
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
  search_queries: number;
}

export interface ApiKeyRateWindowsTable {
  key_id: string;
  window_start: Timestamp;
  requests: number;
}

export interface ApiKeysTables {
  api_keys: ApiKeysTable;
  api_key_usage: ApiKeyUsageTable;
  api_key_rate_windows: ApiKeyRateWindowsTable;
}

export const own = ownerOf<ApiKeysTables>();
