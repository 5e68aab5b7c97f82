// Picking files and folders to sync, and the connector files of a repository. A pick records each
// item RECEIVED under the repository (the same permission as uploading there) and starts the
// connection's sync; the list shows them with their state, a provider's wait as RATE_LIMITED.
import type { ActorUser, Actor } from '../shared/actor.js';
import { repositoryForImport } from '../files/index.js';
import type { ConnectorsContext } from './context.js';
import { type ConnectorFileFilter, whereItemsMatch } from './item-filter.js';
import { connectorErrors } from './errors.js';
import { evolveItem, type ItemRepository, itemStream, NO_ITEM } from './items.js';
import { itemReadableBy } from './item-readers.js';
import { connectionsOf } from './queries.js';
import { readerPrincipals } from './reader-principals.js';
import { connectorInfo } from './registry.js';
import { own } from './tables.js';
import { adapterOf, isAcceptedName } from './sync.js';
import { browseSite } from './sharepoint-browse.js';
import { pickedAtSource } from './pick-names.js';
import { decodePageCursor, encodePageCursor } from './page-cursor.js';
import { ProviderHttpError } from './provider-call.js';
import { connectorActor } from './use-cases.js';
import { connectorFileView, type ItemRow, WAITING_STATUSES } from './views.js';

export type PickInput = {
  file_ids?: string[];
  folder_ids?: string[];
  drive_ids?: string[];
  file_repository_info: { file_repository_type: 'USER' | 'ORG' | 'COLLECTION'; owner_id?: string | null };
};

async function signedInUser(actor: Actor): Promise<ActorUser> {
  const user = await actor.user();
  if (!user) throw connectorErrors.unauthenticated();
  return user;
}

/** The connection that syncs into a repository: the organisation's for its files, the person's own otherwise. */
export async function connectionFor(ctx: ConnectorsContext, actor: Actor, name: string, repository: ItemRepository) {
  const who = await connectorActor(ctx, actor);
  const rows = await connectionsOf(ctx.db, repository.type === 'ORG' ? { orgUuid: repository.owner_id } : { userId: who.userId });
  const row = rows.find((r) => r.connector === name && r.status === 'connected');
  if (!row) throw connectorErrors.connectionNotFound();
  return row;
}

export async function pickFiles(ctx: ConnectorsContext, actor: Actor, name: string, input: PickInput) {
  const info = connectorInfo(name);
  if (!info) throw connectorErrors.unknownConnector();
  if (info.kind !== 'file') throw connectorErrors.notAFileConnector(info.label);
  if (!ctx.connectors.clients[info.family]) throw connectorErrors.notConfigured(info.label);
  const repository = (await repositoryForImport(ctx, actor, input.file_repository_info)) as ItemRepository;
  if (repository.type === 'COLLECTION' && info.notInSpaces) throw connectorErrors.notInSpaces(info.label);
  const connection = await connectionFor(ctx, actor, info.name, repository);
  const picks = [
    ...(input.file_ids ?? []).map((id) => ({ id, kind: 'FILE' as const })),
    ...(input.folder_ids ?? []).map((id) => ({ id, kind: 'FOLDER' as const })),
  ];
  if (!picks.length) throw connectorErrors.nothingPicked();
  const known = await own(ctx.db)
    .selectFrom('connector_items')
    .select(['item_uuid', 'remote_id'])
    .where('connection_uuid', '=', connection.connection_uuid)
    .where('repository_type', '=', repository.type)
    .where('repository_owner', '=', repository.owner_id)
    .where(
      'remote_id',
      'in',
      picks.map((p) => p.id),
    )
    .execute();
  const uuidOf = new Map(known.map((k) => [k.remote_id, k.item_uuid]));
  const atSource = await pickedAtSource(
    ctx,
    connection.connection_uuid,
    picks.map((p, i) => ({ id: p.id, driveId: input.drive_ids?.[i] || null })),
  );
  const at = ctx.now().toISOString();
  const uuids: string[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    for (const [i, pick] of picks.entries()) {
      const uuid = uuidOf.get(pick.id) ?? crypto.randomUUID();
      uuids.push(uuid);
      const described = atSource.get(pick.id);
      const stream = itemStream(uuid);
      const { version } = await ctx.store.aggregate(stream, NO_ITEM, evolveItem, trx);
      await ctx.store.append(
        stream,
        version,
        [
          {
            type: 'ConnectorItemFound',
            data: {
              item_uuid: uuid,
              connection_uuid: connection.connection_uuid,
              remote_id: pick.id,
              drive_id: input.drive_ids?.[i] || null,
              // Named as the source names it; one it did not answer for is named by the sync's first step.
              name: described?.name ?? pick.id,
              kind: described?.kind ?? pick.kind,
              parent_uuids: [],
              picked: true,
              repository,
              url: described?.url ?? null,
              remote_updated_at: null,
              readers: null,
              mime_type: described?.mimeType ?? null,
              found_at: at,
            },
          },
        ],
        trx,
      );
    }
  });
  await ctx.connectorSync.start({ connection_uuid: connection.connection_uuid, run: crypto.randomUUID() });
  const rows = await own(ctx.db).selectFrom('connector_items').selectAll().where('item_uuid', 'in', uuids).execute();
  return rows.map((r) => connectorFileView(r as ItemRow, connection.connector, null));
}

export type ListInput = {
  file_repository_info: PickInput['file_repository_info'];
  filters?: ConnectorFileFilter;
  pagination?: { cursor?: string | null; page_size?: number };
};

/** A cursor is the last row's update time and uuid: stable while items keep changing. */
const encode = (r: { updated_at: Date; item_uuid: string }) =>
  Buffer.from(JSON.stringify([new Date(r.updated_at).toISOString(), r.item_uuid])).toString('base64url');
function decode(cursor: string | null | undefined): [string, string] | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && typeof v[0] === 'string' && typeof v[1] === 'string' && !Number.isNaN(Date.parse(v[0]))) return [v[0], v[1]];
  } catch {}
  throw connectorErrors.badCursor();
}

export async function listConnectorFiles(ctx: ConnectorsContext, actor: Actor, input: ListInput) {
  const user = await signedInUser(actor);
  // Reading a repository's connector files takes what reading its files takes; listing needs no change right,
  // but a repository the person may not see answers as files do.
  const repository = (await repositoryForImport(ctx, actor, input.file_repository_info).catch((err) => {
    if ((err as { code?: string }).code === 'upload_not_allowed') return null;
    throw err;
  })) as ItemRepository | null;
  const page = Math.min(input.pagination?.page_size ?? 100, 1000);
  if (!repository) return { files: [], next_cursor: null };
  const f = input.filters ?? {};
  if (f.upload_ids?.length) return { files: [], next_cursor: null };
  const connections = await connectionsOf(ctx.db, repository.type === 'ORG' ? { orgUuid: repository.owner_id } : { userId: user.id });
  const connectorOf = new Map(connections.map((c) => [c.connection_uuid, c.connector]));
  // A disconnected connection's items are on their way out (workflows/connector-removal.ts): not listed.
  let allowed = connections.filter((c) => c.status === 'connected').map((c) => c.connection_uuid);
  if (f.connection_ids?.length) allowed = allowed.filter((c) => f.connection_ids?.includes(c));
  if (f.connection_types?.length) allowed = allowed.filter((c) => f.connection_types?.includes(connectorOf.get(c) ?? ''));
  if (!allowed.length) return { files: [], next_cursor: null };
  const uuids = [...(f.uuids ?? []), ...(f.ids ?? [])];
  let q = own(ctx.db)
    .selectFrom('connector_items')
    .selectAll()
    .where('repository_type', '=', repository.type)
    .where('repository_owner', '=', repository.owner_id)
    .where('connection_uuid', 'in', allowed);
  if (uuids.length) q = q.where('item_uuid', 'in', uuids);
  // An organisation's synced items are listed to the members their source lets read them.
  if (repository.type === 'ORG')
    q = q.where(
      itemReadableBy(
        await readerPrincipals(ctx.db, user.id),
        connections.filter((c) => c.owner_user_id === user.id).map((c) => c.connection_uuid),
      ),
    );
  if (f.file_types?.length) q = q.where('kind', 'in', f.file_types);
  q = whereItemsMatch(q, f);
  const sync = await own(ctx.db)
    .selectFrom('connector_syncs')
    .select(['connection_uuid', 'rate_limited_until'])
    .where('connection_uuid', 'in', allowed)
    .execute();
  const waitingUntil = new Map(sync.map((s) => [s.connection_uuid, s.rate_limited_until]));
  const statuses = f.status ?? [];
  if (statuses.length) {
    // RATE_LIMITED is a waiting item of a connection its provider asked to wait.
    const stored = new Set(statuses.filter((s) => s !== 'RATE_LIMITED'));
    if (statuses.includes('RATE_LIMITED')) for (const s of WAITING_STATUSES) stored.add(s);
    q = q.where('status', 'in', [...stored]);
  }
  const after = decode(input.pagination?.cursor);
  if (after)
    q = q.where((eb) =>
      eb.or([eb('updated_at', '<', new Date(after[0])), eb.and([eb('updated_at', '=', new Date(after[0])), eb('item_uuid', '<', after[1])])]),
    );
  const rows = (await q
    .orderBy('updated_at', 'desc')
    .orderBy('item_uuid', 'desc')
    .limit(page + 1)
    .execute()) as ItemRow[];
  const now = ctx.now();
  const views = rows.slice(0, page).map((r) => {
    const until = waitingUntil.get(r.connection_uuid);
    return connectorFileView(r, connectorOf.get(r.connection_uuid) ?? '', until && new Date(until) > now ? until : null);
  });
  const shown = statuses.length ? views.filter((v) => statuses.includes(v.status)) : views;
  return { files: shown, next_cursor: rows.length > page ? encode(rows[page - 1]) : null };
}

export type BrowseInput = {
  folder_id?: string;
  drive_id?: string;
  site_id?: string;
  search?: string;
  cursor?: string;
  file_repository_type?: 'USER' | 'ORG';
};

/** One page of the source for the picker, through the connection that would sync it. */
export async function browseConnector(ctx: ConnectorsContext, actor: Actor, name: string, input: BrowseInput) {
  const info = connectorInfo(name);
  if (!info) throw connectorErrors.unknownConnector();
  if (info.kind !== 'file') throw connectorErrors.notAFileConnector(info.label);
  const who = await connectorActor(ctx, actor);
  if (input.file_repository_type === 'ORG' && !who.org) throw connectorErrors.noOrganisation();
  const repository: ItemRepository =
    who.org && input.file_repository_type === 'ORG' ? { type: 'ORG', owner_id: who.org.org_uuid } : { type: 'USER', owner_id: who.userId };
  const connection = await connectionFor(ctx, actor, info.name, repository);
  const source = await adapterOf(ctx, connection.connection_uuid);
  if (!source?.adapter.browse) throw connectorErrors.notConfigured(info.label);
  const browse = source.adapter.browse;
  try {
    const query = {
      folderId: input.folder_id ?? null,
      driveId: input.drive_id ?? null,
      search: input.search?.trim() || null,
      cursor: decodePageCursor(input.cursor),
    };
    // SharePoint browses the site chosen in the site selector: its libraries first, each a drive.
    const site = info.name === 'sharepoint' && input.site_id && !query.driveId ? input.site_id : null;
    const page = site ? await browseSite(ctx, connection.connection_uuid, site, query, browse) : await browse(query);
    return {
      items: page.items
        .filter((i) => i.kind === 'FILE' || i.kind === 'FOLDER')
        .map((i) => ({
          id: i.remoteId,
          name: i.name,
          type: i.kind as 'FILE' | 'FOLDER',
          drive_id: i.driveId,
          updated: i.updatedAt,
          selectable: !i.browseOnly && (i.kind === 'FOLDER' || isAcceptedName(i.name) || !!i.mimeType?.startsWith('application/vnd.google-apps.')),
        })),
      next_cursor: encodePageCursor(page.cursor),
    };
  } catch (err) {
    // A cursor the provider (or the adapter) refuses was not one of its pages.
    if (input.cursor && err instanceof ProviderHttpError && err.status === 400) throw connectorErrors.badCursor();
    ctx.logger.warn({ connector: info.name, reason: (err as Error).message }, 'a picker page could not be read from the provider');
    throw connectorErrors.providerNotResponding(info.label);
  }
}
