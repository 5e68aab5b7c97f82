// The steps of an app connection's sync (workflows/connector-app-sync.ts runs each as a durable
// step): where deltas will start is taken first, then everything the connection reads is walked
// checkpoint by checkpoint (a crash resumes at the last one), each document recorded as events of
// its own stream (documents.ts) that the passage index reads; later runs read the delta since the
// stored cursor, a removed document leaving the index. For an organisation's connection the
// groups its documents' readers name (Slack and Teams channels, GitHub repositories) are resolved
// again at every run, so a person added to or removed from one at the source reads accordingly
// after the next run.
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import { orgCorpus, userCorpus } from '../passages/index.js';
import { appAdapterFor } from './adapters/app-adapters.js';
import type { AppDocument, AppSourceAdapter, ReaderGroup } from './adapters/app-types.js';
import { githubRepositoryMembers } from './adapters/github-members.js';
import { slackChannelReaders } from './adapters/slack-channel-readers.js';
import { teamsChannelReaders } from './adapters/teams-members.js';
import type { ConnectorsPort } from './context.js';
import { connectionCall } from './connection-call.js';
import {
  decideRemoveDocument,
  decideResolveGroup,
  decideSyncDocument,
  documentStream,
  evolveDocument,
  evolveGroup,
  groupStream,
  NO_DOCUMENT,
  NO_GROUP,
} from './documents.js';
import type { ProviderCallDeps } from './provider-call.js';
import { readersOf } from './principals.js';
import type { ConnectionRow } from './queries.js';
import { own } from './tables.js';

export type AppSyncDeps = {
  db: Db;
  store: EventStore;
  now: () => Date;
  logger: Logger;
  connectors: ConnectorsPort;
  /** Time between two walks that remove what the source no longer has, for apps whose deltas miss deletions (CONNECTOR_RECONCILE_SECONDS); a day when not said. */
  reconcileMs?: number;
};

export const DEFAULT_RECONCILE_MS = 86_400_000;

/**
 * Whether this run walks everything instead of reading the delta: an app whose deltas miss
 * deletions walks once `reconcileMs` has passed since its last walk (or never walked since
 * walks were kept), so what was deleted at the source leaves the index within that time.
 */
export function reconcileDue(missesRemovals: boolean, reconciledAt: Date | null, now: Date, reconcileMs: number): boolean {
  if (!missesRemovals) return false;
  return !reconciledAt || now.getTime() - reconciledAt.getTime() >= reconcileMs;
}

type AppSource = { adapter: AppSourceAdapter; call: ProviderCallDeps; row: ConnectionRow };

/** The connection's app adapter, its calls paced by the connection's limiter; null when it is not connected or has none. */
async function appSourceOf(deps: AppSyncDeps, connectionUuid: string): Promise<AppSource | null> {
  const through = await connectionCall(deps, connectionUuid, { track: true });
  if (through?.info.kind !== 'app') return null;
  const adapter = appAdapterFor(through.info.name, through.call);
  return adapter ? { adapter, call: through.call, row: through.row } : null;
}

const corpusOf = (row: ConnectionRow) => (row.org_uuid ? orgCorpus(row.org_uuid) : userCorpus(row.owner_user_id));

/** How a run goes: nothing to do, a first walk (with the cursor deltas will start from), or a delta from the stored cursor. */
export type AppSyncPlan = { mode: 'none' } | { mode: 'walk'; startCursor: string } | { mode: 'delta'; cursor: string };

export async function planAppSync(deps: AppSyncDeps, connectionUuid: string): Promise<AppSyncPlan> {
  const source = await appSourceOf(deps, connectionUuid);
  if (!source) return { mode: 'none' };
  const stored = await own(deps.db)
    .selectFrom('connector_syncs')
    .select(['cursor', 'reconciled_at'])
    .where('connection_uuid', '=', connectionUuid)
    .executeTakeFirst();
  const walkAgain = reconcileDue(!!source.adapter.deltaMissesRemovals, stored?.reconciled_at ?? null, deps.now(), deps.reconcileMs ?? DEFAULT_RECONCILE_MS);
  if (stored?.cursor && !walkAgain) return { mode: 'delta', cursor: stored.cursor };
  // Taken before the walk, so nothing edited while it runs is missed.
  return { mode: 'walk', startCursor: await source.adapter.startCursor() };
}

/** The groups a page's documents name as readers (each kind and key once). */
function groupsOf(documents: AppDocument[]): ReaderGroup[] {
  const seen = new Map<string, ReaderGroup>();
  for (const d of documents) if (d.readers && 'group' in d.readers) seen.set(`${d.readers.group.kind}\n${d.readers.group.key}`, d.readers.group);
  return [...seen.values()];
}

async function recordDocument(deps: AppSyncDeps, row: ConnectionRow, d: AppDocument) {
  const stream = documentStream(row.connection_uuid, d.remoteId);
  const { state, version } = await deps.store.aggregate(stream, NO_DOCUMENT, evolveDocument);
  const events = decideSyncDocument(
    state,
    {
      connection_uuid: row.connection_uuid,
      connector: row.connector,
      remote_id: d.remoteId,
      corpus: corpusOf(row),
      kind: d.kind,
      title: d.title,
      text: d.text,
      url: d.url,
      updated_at: d.updatedAt,
      authors: d.authors,
      container: d.container,
      readers: readersOf(row, d.readers),
    },
    deps.now(),
  );
  if (events.length) await deps.store.append(stream, version, events);
}

/** A document out of the index; one already removed appends nothing. */
export async function removeDocument(
  deps: Pick<AppSyncDeps, 'store' | 'now'>,
  connectionUuid: string,
  remoteId: string,
  reason: 'removed_at_source' | 'disconnected',
) {
  const stream = documentStream(connectionUuid, remoteId);
  const { state, version } = await deps.store.aggregate(stream, NO_DOCUMENT, evolveDocument);
  const events = decideRemoveDocument(state, { connection_uuid: connectionUuid, remote_id: remoteId, reason }, deps.now());
  if (events.length) await deps.store.append(stream, version, events);
}

/**
 * One page of a walk, its documents recorded; the next checkpoint (null: done), the groups it
 * named and the documents it saw. `cut`: the connection went away mid-walk, so what it did not
 * see says nothing of the source.
 */
export async function walkAppPage(deps: AppSyncDeps, connectionUuid: string, checkpoint: string | null) {
  const source = await appSourceOf(deps, connectionUuid);
  if (!source) return { checkpoint: null, groups: [], seen: [], cut: true };
  const page = await source.adapter.listPage(checkpoint);
  for (const d of page.documents) await recordDocument(deps, source.row, d);
  return { checkpoint: page.checkpoint, groups: groupsOf(page.documents), seen: page.documents.map((d) => d.remoteId), cut: false };
}

/**
 * After a whole walk: the connection's documents the walk did not see are gone at the source (or
 * no longer shared with the person) and leave the index; when it walked is kept. Run again, it
 * removes nothing twice.
 */
export async function removeUnseenDocuments(deps: AppSyncDeps, connectionUuid: string, seen: readonly string[]) {
  const walked = new Set(seen);
  const known = await own(deps.db).selectFrom('connector_documents').select('remote_id').where('connection_uuid', '=', connectionUuid).execute();
  const gone = known.filter((d) => !walked.has(d.remote_id));
  for (const d of gone) await removeDocument(deps, connectionUuid, d.remote_id, 'removed_at_source');
  await own(deps.db)
    .insertInto('connector_syncs')
    .values({ connection_uuid: connectionUuid, cursor: null, rate_limited_until: null, last_synced_at: null, reconciled_at: deps.now() })
    .onConflict((oc) => oc.column('connection_uuid').doUpdateSet({ reconciled_at: deps.now() }))
    .execute();
  return gone.length;
}

/** One page of a delta: changes recorded, removals out of the index, the cursor kept (a crash goes on from it). */
export async function deltaAppPage(deps: AppSyncDeps, connectionUuid: string, cursor: string) {
  const source = await appSourceOf(deps, connectionUuid);
  if (!source) return { cursor, more: false, groups: [] };
  const page = await source.adapter.deltaPage(cursor);
  const documents: AppDocument[] = [];
  for (const change of page.changes) {
    if (change.removed || !change.document) await removeDocument(deps, connectionUuid, change.remoteId, 'removed_at_source');
    else {
      await recordDocument(deps, source.row, change.document);
      documents.push(change.document);
    }
  }
  await saveAppCursor(deps, connectionUuid, page.cursor);
  return { cursor: page.cursor, more: page.more, groups: groupsOf(documents) };
}

export async function saveAppCursor(deps: AppSyncDeps, connectionUuid: string, cursor: string) {
  await own(deps.db)
    .insertInto('connector_syncs')
    .values({ connection_uuid: connectionUuid, cursor, rate_limited_until: null, last_synced_at: null })
    .onConflict((oc) => oc.column('connection_uuid').doUpdateSet({ cursor }))
    .execute();
}

/** The members of one group as the source says now: account keys, and addresses where the source gives them. */
function membersOf(call: ProviderCallDeps, group: ReaderGroup, slackEmails: Map<string, string | null>): Promise<string[]> {
  switch (group.kind) {
    case 'slack_channel':
      return slackChannelReaders(call, group.key, slackEmails);
    case 'github_repository':
      return githubRepositoryMembers(call, group.key);
    case 'teams_channel':
      return teamsChannelReaders(call, group.key);
  }
}

/**
 * For an organisation's connection, the members of every group its documents name (those seen
 * now and those resolved before), recorded when they changed. A group that cannot be read any
 * more keeps no members: its documents are then its connecting member's alone.
 */
export async function resolveAppGroups(deps: AppSyncDeps, connectionUuid: string, seen: ReaderGroup[]) {
  const source = await appSourceOf(deps, connectionUuid);
  if (!source?.row.org_uuid) return 0;
  const known = await own(deps.db).selectFrom('connector_groups').select(['kind', 'key']).where('connection_uuid', '=', connectionUuid).execute();
  const groups = new Map<string, ReaderGroup>();
  for (const g of [...known, ...seen]) groups.set(`${g.kind}\n${g.key}`, { kind: g.kind as ReaderGroup['kind'], key: g.key });
  const slackEmails = new Map<string, string | null>();
  for (const group of groups.values()) {
    let members: string[];
    try {
      members = await membersOf(source.call, group, slackEmails);
    } catch (err) {
      deps.logger.warn({ connection: connectionUuid, group: group.kind, reason: (err as Error).message.slice(0, 200) }, 'a group could not be resolved');
      members = [];
    }
    const stream = groupStream(connectionUuid, group);
    const { state, version } = await deps.store.aggregate(stream, NO_GROUP, evolveGroup);
    const events = decideResolveGroup(state, { connection_uuid: connectionUuid, kind: group.kind, key: group.key, members }, deps.now());
    if (events.length) await deps.store.append(stream, version, events);
  }
  return groups.size;
}

/** The run is over: the wait (if any) forgotten, when it ended kept. */
export async function finishAppSync(deps: AppSyncDeps, connectionUuid: string) {
  await own(deps.db)
    .insertInto('connector_syncs')
    .values({ connection_uuid: connectionUuid, cursor: null, rate_limited_until: null, last_synced_at: deps.now() })
    .onConflict((oc) => oc.column('connection_uuid').doUpdateSet({ rate_limited_until: null, last_synced_at: deps.now() }))
    .execute();
}
