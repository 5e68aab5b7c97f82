// Data-rights use cases: asking for an export, reading and downloading it, asking to delete the
// account; and the export workflow's steps (make the archive, expire it).
import { randomUUID } from 'node:crypto';
import type { EventStore } from '../eventstore/store.js';
import type { Db } from '../db/database.js';
import type { KernelContext } from '../shared/context.js';
import type { Storage } from '../storage/storage.js';
import { exportReadyMail, personOf } from '../identity/index.js';
import { queueMail } from '../mail/index.js';
import { checkAccountDeparture } from '../orgs/index.js';
import { heirsOf, spaceState, spaceUuidsOwnedBy } from '../spaces/index.js';
import { checkDownload, decideDeletion, decideExport, expiryOf, statusAt } from './decide.js';
import {
  accountDeletionStream,
  type DataExportReady,
  dataExportStream,
  evolveDataExport,
  evolveDeletion,
  initialDataExport,
  initialDeletion,
} from './events.js';
import { buildArchive, type ExportPart } from './export-archive.js';
import { findExport, latestExport } from './queries.js';

type ExportRow = NonNullable<Awaited<ReturnType<typeof latestExport>>>;

export const downloadPath = (exportId: string) => `/rest/account/export/${exportId}/download`;

export function exportView(row: ExportRow, now: Date) {
  const status = statusAt(row, now);
  return {
    export_id: row.export_id,
    status,
    requested_at: new Date(row.requested_at).toISOString(),
    ready_at: row.ready_at ? new Date(row.ready_at).toISOString() : null,
    expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    size: row.size === null ? null : Number(row.size),
    download_url: status === 'ready' ? downloadPath(row.export_id) : null,
  };
}

/** A new export, unless one is being prepared: that one is the answer then. */
export async function requestExport(ctx: KernelContext, userId: string) {
  const latest = await latestExport(ctx.db, userId);
  if (latest?.status === 'preparing') return latest;
  const exportId = randomUUID();
  await ctx.store.append(dataExportStream(exportId), 'no_stream', decideExport({ export_id: exportId, user_id: userId, now: ctx.now() }));
  return (await findExport(ctx.db, exportId))!;
}

export async function exportArchive(ctx: KernelContext, userId: string, exportId: string) {
  const row = await findExport(ctx.db, exportId);
  checkDownload(row ?? null, userId, ctx.now());
  return { body: await ctx.storage.read(row!.object_key!), filename: `your-data-${new Date(row!.ready_at!).toISOString().slice(0, 10)}.zip` };
}

export const exportObjectKey = (userId: string, exportId: string) => `exports/${userId}/${exportId}.zip`;

/**
 * The workflow's step: builds the archive, stores it, records it ready. Run again after a crash,
 * it finds the archive stored (keys are written once) or the export already ready.
 */
export async function makeExport(deps: { db: Db; store: EventStore; storage: Storage; parts?: readonly ExportPart[] }, exportId: string, now: Date) {
  const { state, version } = await deps.store.aggregate(dataExportStream(exportId), initialDataExport, evolveDataExport);
  if (state.status !== 'preparing' || !state.requested) return { status: state.status, userId: state.requested?.user_id ?? null };
  const userId = state.requested.user_id;
  const key = exportObjectKey(userId, exportId);
  const stored = await deps.storage.head(key);
  const size = stored ? stored.size : (await storeArchive(deps, userId, key, now)).length;
  const ready: DataExportReady = {
    type: 'DataExportReady',
    data: { export_id: exportId, object_key: key, size, ready_at: now.toISOString(), expires_at: expiryOf(now).toISOString() },
  };
  await deps.store.append(dataExportStream(exportId), version, [ready]);
  return { status: 'ready' as const, userId };
}

async function storeArchive(deps: { db: Db; storage: Storage; parts?: readonly ExportPart[] }, userId: string, key: string, now: Date) {
  const zip = await buildArchive(deps, userId, now);
  await deps.storage.put(key, zip, 'application/zip');
  return zip;
}

export async function failExport(store: EventStore, exportId: string, now: Date) {
  const { state, version } = await store.aggregate(dataExportStream(exportId), initialDataExport, evolveDataExport);
  if (state.status !== 'preparing') return;
  await store.append(dataExportStream(exportId), version, [{ type: 'DataExportFailed', data: { export_id: exportId, failed_at: now.toISOString() } }]);
}

/** After its link ran out, the archive's bytes go. */
export async function expireExport(deps: { store: EventStore; storage: Storage }, exportId: string, now: Date) {
  const { state, version } = await deps.store.aggregate(dataExportStream(exportId), initialDataExport, evolveDataExport);
  if (state.status !== 'ready' || !state.object_key) return;
  await deps.storage.delete(state.object_key);
  await deps.store.append(dataExportStream(exportId), version, [{ type: 'DataExportExpired', data: { export_id: exportId, expired_at: now.toISOString() } }]);
}

/** Records the request (rules in decideDeletion); the workflow started from it does the deleting. */
export async function requestDeletion(ctx: KernelContext, cmd: { userId: string; confirmation: string; handOver: Record<string, string> }) {
  const owned = await spaceUuidsOwnedBy(ctx.db, cmd.userId);
  const spaces = await Promise.all(owned.map(async (uuid) => ({ uuid, heirs: heirsOf(await spaceState(ctx.store, uuid)).map((m) => m.member_id) })));
  const { state, version } = await ctx.store.aggregate(accountDeletionStream(cmd.userId), initialDeletion, evolveDeletion);
  const events = decideDeletion(state, { user_id: cmd.userId, confirmation: cmd.confirmation, owned: spaces, hand_over: cmd.handOver, now: ctx.now() });
  // The last owner of an organisation with others in it hands it over first; nothing is recorded till then.
  if (events.length) await checkAccountDeparture(ctx, cmd.userId);
  await ctx.store.append(accountDeletionStream(cmd.userId), version, events);
}

export async function deletionRequested(store: EventStore, userId: string) {
  return (await store.aggregate(accountDeletionStream(userId), initialDeletion, evolveDeletion)).state.requested;
}

/** The mail that says the archive is ready (delivered by the account-mail workflow, as every account-* mail). */
export async function mailExportReady(deps: { db: Db; store: EventStore }, exportId: string, publicUrl: string, now: Date) {
  const row = await findExport(deps.db, exportId);
  if (row?.status !== 'ready' || !row.expires_at) return;
  const user = await personOf(deps.db, row.user_id);
  if (!user) return;
  await queueMail(deps.store, exportReadyMail(user, exportId, new Date(row.expires_at), publicUrl), now);
}
