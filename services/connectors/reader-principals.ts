// The principal keys an asker holds (principals.ts), worked out once per question: themselves,
// their address and its domain, and the groups of the source that the syncs resolved them into.
// A person is matched to a group's members by their address where the source gave the members'
// (Slack's profile email), or by the accounts of their own connections to the same connector
// (accounts.ts: Slack's `{team}:{user}`, GitHub's user id), which the provider named when they
// authorized it.
import { sql } from 'kysely';
import { type Db, preparedBuilt } from '../db/database.js';
import { personOf } from '../identity/index.js';
import type { ReaderGroup } from './adapters/app-types.js';
import { groupPrincipal, personalPrincipals } from './principals.js';
import { own } from './tables.js';

/** The connector a group kind is a group of. */
export const GROUP_CONNECTOR: Record<ReaderGroup['kind'], string> = {
  slack_channel: 'slack',
  github_repository: 'github',
  teams_channel: 'microsoft_teams',
};

/** Worked out on every question: both reads are planned once per connection. */
export async function readerPrincipals(db: Db, userId: string | null): Promise<string[]> {
  if (!userId) return [];
  const person = await personOf(db, userId);
  const mine = personalPrincipals(userId, person?.email ?? null);
  const email = mine.find((k) => k.startsWith('email:'));
  const byAddress = email
    ? await preparedBuilt(
        own(db).selectFrom('connector_groups as g').select(['g.connection_uuid', 'g.kind', 'g.key']).where(sql<boolean>`g.members @> array[${email}]::text[]`),
      ).execute()
    : [];
  const byAccount = await preparedBuilt(
    own(db)
      .selectFrom('connector_connections as mine')
      .innerJoin('connector_connections as theirs', (j) => j.onRef('theirs.connector', '=', 'mine.connector'))
      .innerJoin('connector_groups as g', (j) => j.onRef('g.connection_uuid', '=', 'theirs.connection_uuid'))
      .select(['g.connection_uuid', 'g.kind', 'g.key'])
      .where('mine.owner_user_id', '=', userId)
      .where('mine.org_uuid', 'is', null)
      .where('mine.status', '=', 'connected')
      .where(sql<boolean>`g.members @> array[mine.account_id]`),
  ).execute();
  const keys = [...byAddress, ...byAccount]
    .filter((g) => g.kind in GROUP_CONNECTOR)
    .map((g) => groupPrincipal(g.connection_uuid, { kind: g.kind as ReaderGroup['kind'], key: g.key }));
  return [...new Set([...mine, ...keys])];
}
