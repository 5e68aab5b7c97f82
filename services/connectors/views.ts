// The connectors and connections as the API shows them (spec Connector, Connection): never a token.
import type { ConnectorActor, ConnectScope } from './decide.js';
import { mayManage } from './decide.js';
import type { ConnectionState } from './events.js';
import type { ConnectionRow } from './queries.js';
import type { ConnectorInfo } from './registry.js';

const MANAGES_ORG = new Set(['owner', 'admin']);

/** Why a connector cannot be connected here by this person, or null when it can. */
export function unavailableReason(info: ConnectorInfo, f: { configured: boolean; actor: ConnectorActor }) {
  if (!f.configured) return `${info.label} is not set up by the administrator of this server.`;
  if (info.enterpriseOnly && !f.actor.org) return `${info.label} is available to members of an Enterprise organisation.`;
  return null;
}

export function connectorView(info: ConnectorInfo, row: ConnectionRow | null, f: { configured: boolean; actor: ConnectorActor; scope: ConnectScope }) {
  const reason = unavailableReason(info, f);
  return {
    name: info.name,
    kind: info.kind,
    connected: row?.status === 'connected',
    connection_uuid: row?.connection_uuid ?? null,
    connection_display_name: row?.display_name ?? null,
    picker_credentials: null,
    available: reason === null,
    unavailable_reason: reason,
    enterprise_only: info.enterpriseOnly,
    manageable: f.scope === 'user' || MANAGES_ORG.has(f.actor.org?.role ?? ''),
  };
}

export function connectionView(row: ConnectionRow, state: ConnectionState, who: ConnectorActor) {
  return {
    connection_uuid: row.connection_uuid,
    connection_type: row.connector as ConnectorInfo['name'],
    connected: row.status === 'connected',
    connection_display_name: row.display_name,
    org_uuid: row.org_uuid,
    manageable: mayManage(state, who),
    created_at: new Date(row.established_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
