// The connectors' part of the configuration: each provider family's OAuth client (both halves or
// neither), the address its calls go to instead of the provider's own (a proxy or a test's fake),
// and the keys that seal the providers' tokens at rest (AES-256-GCM).
import { z } from 'zod';
import { PROVIDER_FAMILIES, type ProviderFamily } from './connector-families.js';
import { type OwnPickerConfig, parseOwnPickerConfig } from './connector-picker-config.js';

export type ConnectorClient = { clientId: string; clientSecret: string; baseUrl: string | null };

export type ConnectorConfig = {
  /** Each family's OAuth client, or null: its connectors are listed as not set up by the administrator. */
  clients: Record<ProviderFamily, ConnectorClient | null>;
  /** The key that seals tokens (32 bytes), or null: one is made once in DATA_DIR. */
  tokenKey: Buffer | null;
  /** Earlier keys, still accepted to open tokens sealed before a rotation. */
  oldTokenKeys: Buffer[];
  /** How often every synced file connection asks its provider what changed (CONNECTOR_DELTA_INTERVAL_SECONDS). */
  deltaIntervalSeconds: number;
  /** One pace for every provider's calls, in ms between two calls of a connection (CONNECTOR_CALL_SPACING_MS); null: each provider's documented rate. */
  callSpacingMs: number | null;
  /** How many of a disconnected connection's items one step of its removal takes (CONNECTOR_REMOVAL_BATCH). */
  removalBatch: number;
  /**
   * How long an app whose deltas miss deletions (Slack, Jira, Confluence, Asana) goes between two
   * walks of everything that remove what the source no longer has (CONNECTOR_RECONCILE_SECONDS; 0: every sync).
   */
  reconcileSeconds: number;
  /** The providers' own pickers turned on, each with its script's address; null each: our own picker. */
  ownPickers: OwnPickerConfig;
};

const DELTA_INTERVAL = { default: 900, min: 10, max: 86_400 };
const CALL_SPACING = { min: 0, max: 60_000 };
const REMOVAL_BATCH = { default: 200, min: 1, max: 10_000 };
const RECONCILE = { default: 86_400, min: 0, max: 2_592_000 };

const envName = (family: ProviderFamily, part: string) => `CONNECTOR_${family.toUpperCase()}_${part}`;

/** A base64 key of exactly 32 bytes, or the message that says what is wrong with it. */
function keyOf(name: string, value: string): Buffer | string {
  const bytes = Buffer.from(value, 'base64');
  if (bytes.length !== 32 || bytes.toString('base64').replace(/=+$/, '') !== value.replace(/=+$/, ''))
    return `${name}: must be 32 bytes in base64 (for example: openssl rand -base64 32)`;
  return bytes;
}

/** Reads the connectors' settings from the (already cleaned) environment; the problems found, one line each. */
export function parseConnectorConfig(env: Record<string, string | undefined>): { config: ConnectorConfig; problems: string[] } {
  const problems: string[] = [];
  const clients = {} as Record<ProviderFamily, ConnectorClient | null>;
  for (const family of PROVIDER_FAMILIES) {
    const id = env[envName(family, 'CLIENT_ID')];
    const secret = env[envName(family, 'CLIENT_SECRET')];
    const base = env[envName(family, 'BASE_URL')];
    if (!!id !== !!secret) problems.push(`${envName(family, 'CLIENT_ID')} and ${envName(family, 'CLIENT_SECRET')}: set both, or neither`);
    if (base && !z.url({ protocol: /^https?$/ }).safeParse(base).success) problems.push(`${envName(family, 'BASE_URL')}: must be an http:// or https:// URL`);
    clients[family] = id && secret ? { clientId: id, clientSecret: secret, baseUrl: base ?? null } : null;
  }
  let tokenKey: Buffer | null = null;
  if (env.CONNECTOR_TOKEN_KEY) {
    const k = keyOf('CONNECTOR_TOKEN_KEY', env.CONNECTOR_TOKEN_KEY);
    if (typeof k === 'string') problems.push(k);
    else tokenKey = k;
  }
  const oldTokenKeys: Buffer[] = [];
  for (const [i, value] of (env.CONNECTOR_TOKEN_OLD_KEYS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .entries()) {
    const k = keyOf(`CONNECTOR_TOKEN_OLD_KEYS (key ${i + 1})`, value);
    if (typeof k === 'string') problems.push(k);
    else oldTokenKeys.push(k);
  }
  if (oldTokenKeys.length && !tokenKey) problems.push('CONNECTOR_TOKEN_OLD_KEYS: set CONNECTOR_TOKEN_KEY too (the key tokens are sealed with now)');
  let deltaIntervalSeconds = DELTA_INTERVAL.default;
  if (env.CONNECTOR_DELTA_INTERVAL_SECONDS !== undefined) {
    const n = Number(env.CONNECTOR_DELTA_INTERVAL_SECONDS);
    if (Number.isInteger(n) && n >= DELTA_INTERVAL.min && n <= DELTA_INTERVAL.max) deltaIntervalSeconds = n;
    else problems.push(`CONNECTOR_DELTA_INTERVAL_SECONDS: must be a whole number of seconds from ${DELTA_INTERVAL.min} to ${DELTA_INTERVAL.max}`);
  }
  let callSpacingMs: number | null = null;
  if (env.CONNECTOR_CALL_SPACING_MS !== undefined) {
    const n = Number(env.CONNECTOR_CALL_SPACING_MS);
    if (Number.isInteger(n) && n >= CALL_SPACING.min && n <= CALL_SPACING.max) callSpacingMs = n;
    else problems.push(`CONNECTOR_CALL_SPACING_MS: must be a whole number of milliseconds from ${CALL_SPACING.min} to ${CALL_SPACING.max}`);
  }
  let removalBatch = REMOVAL_BATCH.default;
  if (env.CONNECTOR_REMOVAL_BATCH !== undefined) {
    const n = Number(env.CONNECTOR_REMOVAL_BATCH);
    if (Number.isInteger(n) && n >= REMOVAL_BATCH.min && n <= REMOVAL_BATCH.max) removalBatch = n;
    else problems.push(`CONNECTOR_REMOVAL_BATCH: must be a whole number of items from ${REMOVAL_BATCH.min} to ${REMOVAL_BATCH.max}`);
  }
  let reconcileSeconds = RECONCILE.default;
  if (env.CONNECTOR_RECONCILE_SECONDS !== undefined) {
    const n = Number(env.CONNECTOR_RECONCILE_SECONDS);
    if (Number.isInteger(n) && n >= RECONCILE.min && n <= RECONCILE.max) reconcileSeconds = n;
    else problems.push(`CONNECTOR_RECONCILE_SECONDS: must be a whole number of seconds from ${RECONCILE.min} to ${RECONCILE.max}`);
  }
  const pickers = parseOwnPickerConfig(env);
  problems.push(...pickers.problems);
  return {
    config: { clients, tokenKey, oldTokenKeys, deltaIntervalSeconds, callSpacingMs, removalBatch, reconcileSeconds, ownPickers: pickers.config },
    problems,
  };
}
