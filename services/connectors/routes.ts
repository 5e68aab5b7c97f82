// The connectors over HTTP (spec/paths/connectors.yaml): thin handlers over the use cases.
import type { DomainRoutes } from '../http/handler.js';
import type { RequestHeaders } from '../shared/actor.js';
import type { ConnectorsContext } from './context.js';

import { browseConnector, listConnectorFiles, pickFiles } from './items-use-cases.js';
import { boxPickerKey, logPick, sharepointSites } from './picker-use-cases.js';
import { calendarAvailability } from './availability.js';
import { connectorActor, deleteConnection, disconnectConnection, finishConnection, listConnectors, startConnection, viewOf } from './use-cases.js';
import { DomainError } from '../shared/domain-error.js';

const scopeOf = (t: 'USER' | 'ORG' | undefined) => (t === 'ORG' ? 'org' : 'user');

/** The seed's disconnect is a GET: a page navigation (a link on another site) must not disconnect anyone. */
function refuseNavigation(headers: RequestHeaders) {
  if (headers['sec-fetch-mode'] === 'navigate') throw new DomainError('forbidden', 'cross_site_request', 'Disconnect from the Connectors page.');
}

/** The callback's query as the provider sent it (only the parameters the spec lets through). */
function callbackParams(query: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (typeof v === 'string' && k !== 'connection_type') params.set(k, v);
  return params;
}

export const connectorRoutes = {
  async listConnectors({ actor, query }, ctx) {
    return { status: 200, body: { connectors: await listConnectors(ctx, actor, scopeOf(query.file_repository_type)) } };
  },

  async startConnectorConnection({ actor, path, query }, ctx) {
    const body = await startConnection(ctx, actor, {
      name: path.name,
      scope: scopeOf(query.file_repository_type),
      redirectPath: query.redirect_path,
      unauthedRedirectPath: query.unauthed_redirect_path,
    });
    return { status: 200, body };
  },

  async startConnection({ actor, query }, ctx) {
    return { status: 200, body: await startConnection(ctx, actor, { name: query.connection_type, scope: 'user' }) };
  },

  async connectorOAuthCallback({ actor, query }, ctx) {
    return { redirect: `${ctx.config.publicUrl}${await finishConnection(ctx, actor, callbackParams(query), null)}`, status: 302 };
  },

  async connectionOAuthCallbackMerge({ actor, query }, ctx) {
    const location = await finishConnection(ctx, actor, callbackParams(query), query.connection_type ?? null);
    return { redirect: `${ctx.config.publicUrl}${location}`, status: 302 };
  },

  async disconnectConnector({ actor, path, headers }, ctx) {
    refuseNavigation(headers);
    return { status: 200, body: await disconnectConnection(ctx, actor, path.connector_id) };
  },

  async updateConnection({ actor, path, body }, ctx) {
    if (body.disconnect) return { status: 200, body: await disconnectConnection(ctx, actor, path.uuid) };
    return { status: 200, body: await viewOf(ctx, await connectorActor(ctx, actor), path.uuid) };
  },

  async syncConnectorFiles({ actor, path, body }, ctx) {
    return { status: 202, body: { files: await pickFiles(ctx, actor, path.name, body) } };
  },

  async browseConnector({ actor, path, query }, ctx) {
    return { status: 200, body: await browseConnector(ctx, actor, path.name, query) };
  },

  async refreshBoxPickerKey({ actor, body }, ctx) {
    return { status: 200, body: await boxPickerKey(ctx, actor, body ?? {}) };
  },

  async logConnectorPick({ actor, body }, ctx) {
    await logPick(ctx, actor, body);
    return { status: 204 };
  },

  async getCalendarAvailability({ actor, query }, ctx) {
    return { status: 200, body: await calendarAvailability(ctx, actor, { days: query.days ?? 7 }) };
  },

  async listSharepointSites({ actor, query }, ctx) {
    return { status: 200, body: await sharepointSites(ctx, actor, query) };
  },

  async listConnectorFiles({ actor, body }, ctx) {
    return { status: 200, body: await listConnectorFiles(ctx, actor, body) };
  },

  async deleteConnection({ actor, path }, ctx) {
    await deleteConnection(ctx, actor, path.uuid);
    return { status: 204 };
  },
} satisfies DomainRoutes<ConnectorsContext>;
