// A connection's access token for a call to its provider: opened from its sealed row, and
// refreshed first when it expires within a minute (or when the provider said it is no longer
// valid). The row is locked while it is refreshed, so two instances (or two syncs) refreshing at
// once make one refresh, and the rotated refresh token is never lost to a race. A token sealed
// under an old key is sealed again under the current one as it is refreshed.
import type { Db } from '../db/database.js';
import type { TokenBox } from './token-box.js';
import { expiryOf, type OAuthClient, ProviderAuthError, refreshTokens } from './oauth.js';
import { own } from './tables.js';

/** How long before its expiry a token is refreshed. */
export const REFRESH_AHEAD_MS = 60_000;

export class ConnectionCredentialsGone extends Error {
  constructor() {
    super('the connection has no tokens (it was disconnected)');
    this.name = 'ConnectionCredentialsGone';
  }
}

export type CredentialDeps = { db: Db; tokens: TokenBox; client: OAuthClient; now: () => Date };

/** The access token to use now; `stale`: the provider refused the last one, so refresh whatever its expiry says. */
export async function accessToken(deps: CredentialDeps, connectionUuid: string, opts: { stale?: string } = {}): Promise<string> {
  const row = await own(deps.db).selectFrom('connector_credentials').selectAll().where('connection_uuid', '=', connectionUuid).executeTakeFirst();
  if (!row) throw new ConnectionCredentialsGone();
  const current = deps.tokens.open(connectionUuid, 'access', row.access_sealed);
  if (!needsRefresh(row.expires_at, deps.now(), current, opts.stale)) return current;
  return deps.db.transaction().execute(async (trx) => {
    const locked = await own(trx).selectFrom('connector_credentials').selectAll().where('connection_uuid', '=', connectionUuid).forUpdate().executeTakeFirst();
    if (!locked) throw new ConnectionCredentialsGone();
    const latest = deps.tokens.open(connectionUuid, 'access', locked.access_sealed);
    // Someone refreshed it while this waited for the lock.
    if (!needsRefresh(locked.expires_at, deps.now(), latest, opts.stale)) return latest;
    if (!locked.refresh_sealed) throw new ProviderAuthError('the token expired and the provider gave no refresh token');
    const fresh = await refreshTokens(deps.client, deps.tokens.open(connectionUuid, 'refresh', locked.refresh_sealed));
    await own(trx)
      .updateTable('connector_credentials')
      .set({
        access_sealed: deps.tokens.seal(connectionUuid, 'access', fresh.accessToken),
        refresh_sealed: fresh.refreshToken ? deps.tokens.seal(connectionUuid, 'refresh', fresh.refreshToken) : null,
        expires_at: expiryOf(fresh, deps.now()),
        updated_at: deps.now(),
      })
      .where('connection_uuid', '=', connectionUuid)
      .execute();
    return fresh.accessToken;
  });
}

function needsRefresh(expiresAt: Date | null, now: Date, token: string, stale: string | undefined) {
  if (stale && stale === token) return true;
  return !!expiresAt && new Date(expiresAt).getTime() - now.getTime() < REFRESH_AHEAD_MS;
}
