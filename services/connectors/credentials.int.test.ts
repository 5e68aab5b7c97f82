// A connection's token on real PostgreSQL against the OAuth fake: used as it is while fresh,
// refreshed a minute before it expires, refreshed once however many callers ask at the same
// moment (the row is locked), and the provider's rotated refresh token kept.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allTables } from '../../tests/support/all-tables.js';
import { createTestDatabase, testDb } from '../../tests/support/database.js';
import { type OAuthFake, startOAuthFake } from '../../tests/fakes/oauth/provider.js';
import type { Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { accessToken, ConnectionCredentialsGone, type CredentialDeps } from './credentials.js';
import { endpointsOf } from './providers.js';
import { createTokenBox } from './token-box.js';

let database: { url: string; drop: () => Promise<void> };
let db: Db;
let fake: OAuthFake;
const tokens = createTokenBox(randomBytes(32));
let now = new Date('2026-12-02T10:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase('connector_credentials');
  db = testDb(database.url, 6);
  await migrateToLatest(db);
  fake = await startOAuthFake({ family: 'box', clientId: 'box-id', clientSecret: 'box-secret' });
});
afterAll(async () => {
  await fake?.close();
  await db?.destroy();
  await database?.drop();
});

const deps = (): CredentialDeps => ({
  db,
  tokens,
  client: { family: 'box', endpoints: endpointsOf('box', fake.url), clientId: 'box-id', clientSecret: 'box-secret' },
  now: () => now,
});

async function connection(expiresInMs: number) {
  const uuid = randomUUID();
  const granted = fake.grant();
  await allTables(db)
    .insertInto('connector_credentials')
    .values({
      connection_uuid: uuid,
      access_sealed: tokens.seal(uuid, 'access', granted.accessToken),
      refresh_sealed: tokens.seal(uuid, 'refresh', granted.refreshToken),
      expires_at: new Date(now.getTime() + expiresInMs),
      updated_at: now,
    })
    .execute();
  return { uuid, granted };
}

describe("a connection's access token", () => {
  test('is used as it is while it has more than a minute left', async () => {
    const { uuid, granted } = await connection(10 * 60_000);
    const before = fake.state.tokenRequests;
    expect(await accessToken(deps(), uuid)).toBe(granted.accessToken);
    expect(fake.state.tokenRequests).toBe(before);
  });

  test('is refreshed once, however many ask at the same moment, and the rotated refresh token is kept', async () => {
    const { uuid, granted } = await connection(30_000);
    const before = fake.state.tokenRequests;
    const got = await Promise.all(Array.from({ length: 5 }, () => accessToken(deps(), uuid)));
    expect(new Set(got).size).toBe(1);
    expect(got[0]).not.toBe(granted.accessToken);
    expect(fake.state.tokenRequests).toBe(before + 1);
    // The fake rotates refresh tokens: the old one no longer works, so only the kept new one can refresh again.
    now = new Date(now.getTime() + 2 * 3600_000);
    const later = await accessToken(deps(), uuid);
    expect(later).not.toBe(got[0]);
    expect(fake.state.tokenRequests).toBe(before + 2);
  });

  test('is refreshed when the provider refused it, even before its expiry', async () => {
    const { uuid, granted } = await connection(10 * 60_000);
    const fresh = await accessToken(deps(), uuid, { stale: granted.accessToken });
    expect(fresh).not.toBe(granted.accessToken);
    // A second caller with the same stale token gets the fresh one without another refresh.
    const before = fake.state.tokenRequests;
    expect(await accessToken(deps(), uuid, { stale: granted.accessToken })).toBe(fresh);
    expect(fake.state.tokenRequests).toBe(before);
  });

  test('of a disconnected connection is gone', async () => {
    await expect(accessToken(deps(), randomUUID())).rejects.toBeInstanceOf(ConnectionCredentialsGone);
  });
});
