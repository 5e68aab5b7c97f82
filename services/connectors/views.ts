// The connectors and connections as the API shows them (spec Connector, Connection): never a token.
import type { MemberFacts } from '../shared/actor.js';
import type { ConnectScope } from './decide.js';
import { mayManage } from './decide.js';
import type { ConnectionState } from './events.js';
import { missingPermissions } from './permissions.js';
import type { ConnectionRow } from './queries.js';
import type { PickerCredentials } from './own-pickers.js';
import type { ConnectorInfo } from './registry.js';

const MANAGES_ORG = new Set(['owner', 'admin']);

/** Why a connector cannot be connected here by this person, or null when it can. */
export function unavailableReason(info: ConnectorInfo, f: { configured: boolean; actor: MemberFacts }) {
  if (!f.configured) return `${info.label} is not set up by the administrator of this server.`;
  if (info.enterpriseOnly && !f.actor.org) return `${info.label} is available to members of an Enterprise organisation.`;
  return null;
}

/** `picker`: the provider's own picker when the administrator configured it; shown only beside a connection. */
export function connectorView(
  info: ConnectorInfo,
  row: ConnectionRow | null,
  f: { configured: boolean; actor: MemberFacts; scope: ConnectScope; picker?: PickerCredentials | null },
) {
  const reason = unavailableReason(info, f);
  const connected = row?.status === 'connected';
  return {
    name: info.name,
    kind: info.kind,
    connected,
    connection_uuid: row?.connection_uuid ?? null,
    connection_display_name: row?.display_name ?? null,
    picker_credentials: connected && f.configured ? (f.picker ?? null) : null,
    available: reason === null,
    unavailable_reason: reason,
    enterprise_only: info.enterpriseOnly,
    manageable: f.scope === 'user' || MANAGES_ORG.has(f.actor.org?.role ?? ''),
    // Gmail with Calendar connected without mail or calendar: the page offers to connect again.
    missing_permissions: row?.status === 'connected' ? missingPermissions(info.name, row.scope) : [],
  };
}

export function connectionView(row: ConnectionRow, state: ConnectionState, who: MemberFacts) {
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

export type ItemRow = {
  item_uuid: string;
  connection_uuid: string;
  remote_id: string;
  name: string;
  kind: string;
  parent_uuids: string[];
  url: string | null;
  status: string;
  error: string | null;
  file_uuid: string | null;
  updated_at: Date;
};

type ItemStatusName = 'RECEIVED' | 'QUEUED' | 'RATE_LIMITED' | 'SYNCING' | 'SYNC_ERROR' | 'EVALUATING_RESYNC' | 'READY';

/** The states an item waits in while its provider asks its connection to wait. */
export const WAITING_STATUSES = ['RECEIVED', 'QUEUED', 'SYNCING'];

/** A connector file as the seed's table shows it; one waiting while its provider asks the connection to wait is RATE_LIMITED. */
export function connectorFileView(r: ItemRow, connector: string, rateLimitedUntil: Date | null) {
  const status = (rateLimitedUntil && WAITING_STATUSES.includes(r.status) ? 'RATE_LIMITED' : r.status) as ItemStatusName;
  return {
    uuid: r.item_uuid,
    name: r.name,
    type: r.kind as 'FILE' | 'FOLDER' | 'DATABASE' | 'WORKSPACE' | 'PAGE',
    connection_uuid: r.connection_uuid,
    connection_type: connector as ConnectorInfo['name'],
    connection_file_url: r.url,
    parent_uuids: r.parent_uuids,
    updated: new Date(r.updated_at).toISOString(),
    status,
    error: status === 'SYNC_ERROR' ? r.error : null,
    file_uuid: r.file_uuid,
  };
}
