// What the pickers ask of the server beside browsing: Box's picker key (a token downscoped from the
// connection's own, seed 001 §7 "Refresh Box credentials"), a line in the log for a pick (§7 "Log a
// pick"), and SharePoint's sites for the site selector, a page at a time (§7 "SharePoint site list").
import type { Actor } from '../shared/actor.js';
import { mintBoxPickerKey } from './adapters/box-picker.js';
import { sites } from './adapters/sharepoint-sites.js';
import { connectionCall } from './connection-call.js';
import type { ConnectorsContext } from './context.js';
import { connectorErrors } from './errors.js';
import { decodePageCursor, encodePageCursor } from './page-cursor.js';
import { connectionFor } from './items-use-cases.js';
import type { ItemRepository } from './items.js';
import { connectorInfo } from './registry.js';
import { connectorActor } from './use-cases.js';

type Scope = { file_repository_type?: 'USER' | 'ORG' };

/** The connection to `name` a picker uses: the organisation's with ORG, the person's own otherwise; its provider call. */
async function pickerCall(ctx: ConnectorsContext, actor: Actor, name: 'box' | 'sharepoint', scope: Scope) {
  const info = connectorInfo(name);
  if (!info) throw connectorErrors.unknownConnector();
  const who = await connectorActor(ctx, actor);
  if (scope.file_repository_type === 'ORG' && !who.org) throw connectorErrors.noOrganisation();
  const repository: ItemRepository =
    who.org && scope.file_repository_type === 'ORG' ? { type: 'ORG', owner_id: who.org.org_uuid } : { type: 'USER', owner_id: who.userId };
  // No connection is the first answer; a connection whose provider the administrator has since
  // taken out of the configuration is the honest 503.
  const connection = await connectionFor(ctx, actor, info.name, repository);
  if (!ctx.connectors.clients[info.family]) throw connectorErrors.notConfigured(info.label);
  const through = await connectionCall(ctx, connection.connection_uuid);
  if (!through) throw connectorErrors.connectionNotFound();
  return through;
}

/** A provider that fails is named in the seed's words; our own refusals pass as they are. */
async function answered<T>(ctx: ConnectorsContext, label: string, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    ctx.logger.warn({ connector: label, reason: (err as Error).message }, what);
    throw connectorErrors.providerNotResponding(label);
  }
}

export async function boxPickerKey(ctx: ConnectorsContext, actor: Actor, scope: Scope) {
  const { info, call, endpoints } = await pickerCall(ctx, actor, 'box', scope);
  return answered(ctx, info.label, 'a Box picker key could not be made', () => mintBoxPickerKey(call, endpoints.token, ctx.now));
}

export async function sharepointSites(ctx: ConnectorsContext, actor: Actor, input: Scope & { search?: string; cursor?: string }) {
  const { info, call } = await pickerCall(ctx, actor, 'sharepoint', input);
  // A cursor comes back from the browser: it may only be a next page of the site search.
  const cursor = decodePageCursor(input.cursor);
  if (cursor && (!cursor.startsWith('/sites?') || cursor.includes('..'))) throw connectorErrors.badCursor();
  const page = await answered(ctx, info.label, 'SharePoint sites could not be listed', () => sites(call, cursor, 100, input.search?.trim() || '*'));
  return { sites: page.sites.map((s) => ({ id: s.id, name: s.name, webUrl: s.url })), next_cursor: encodePageCursor(page.next) };
}

/** One line in the log: who picked what with which connector. Nothing is kept. */
export async function logPick(ctx: ConnectorsContext, actor: Actor, input: { connection_type: string; content: string }) {
  const userId = await actor.userId();
  if (!userId) throw connectorErrors.unauthenticated();
  const info = connectorInfo(input.connection_type);
  if (!info) throw connectorErrors.unknownConnectionType();
  // The page's words are data: the logger writes them as one JSON string (newlines escaped), never as log lines of their own.
  ctx.logger.info({ user: userId, connection_type: info.name, content: input.content }, 'a connector pick');
}
