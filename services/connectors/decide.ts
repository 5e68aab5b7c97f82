// The connectors' rules, pure: who may connect what, when an authorization renews a connection
// rather than makes another, and who may disconnect or delete one.
import type {
  ConnectionContentRemoved,
  ConnectionDeleted,
  ConnectionDisconnected,
  ConnectionEstablished,
  ConnectionRenewed,
  ConnectionState,
} from './events.js';
import { connectorErrors } from './errors.js';
import type { MemberFacts } from '../shared/actor.js';
import type { ConnectorInfo } from './registry.js';

/** Whose connection a start makes: the person's own, or their organisation's. */
export type ConnectScope = 'user' | 'org';

const MANAGES_ORG = new Set(['owner', 'admin']);

/** Whether a connection may be started: the connector is set up here, open to the person, and an organisation's only by its managers. */
export function decideConnectStart(f: { info: ConnectorInfo; configured: boolean; scope: ConnectScope; actor: MemberFacts }) {
  if (!f.configured) throw connectorErrors.notConfigured(f.info.label);
  if (f.info.enterpriseOnly && !f.actor.org) throw connectorErrors.enterpriseOnly(f.info.label);
  if (f.scope === 'org') {
    if (!f.actor.org) throw connectorErrors.noOrganisation();
    if (!MANAGES_ORG.has(f.actor.org.role)) throw connectorErrors.notAnOrgManager();
    return { owner_user_id: f.actor.userId, org_uuid: f.actor.org.org_uuid };
  }
  return { owner_user_id: f.actor.userId, org_uuid: null };
}

/**
 * What an authorization that came back makes: the account's existing connection (same owner,
 * connector and account, not deleted) renewed, or a new connection.
 */
export function decideEstablish(
  existing: ConnectionState,
  f: {
    connector: ConnectorInfo['name'];
    owner: { owner_user_id: string; org_uuid: string | null };
    byUserId: string;
    account: { accountId: string; displayName: string };
    scope: string | null;
    now: Date;
  },
): { connection_uuid: string; events: (ConnectionEstablished | ConnectionRenewed)[] } {
  const at = f.now.toISOString();
  if (existing.status === 'connected' || existing.status === 'disconnected') {
    return {
      connection_uuid: existing.connection_uuid,
      events: [
        {
          type: 'ConnectionRenewed',
          data: { connection_uuid: existing.connection_uuid, by_user_id: f.byUserId, display_name: f.account.displayName, scope: f.scope, renewed_at: at },
        },
      ],
    };
  }
  // The Web Crypto global: the mocks run these rules in the browser too.
  const connection_uuid = crypto.randomUUID();
  return {
    connection_uuid,
    events: [
      {
        type: 'ConnectionEstablished',
        data: {
          connection_uuid,
          connector: f.connector,
          owner_user_id: f.owner.owner_user_id,
          org_uuid: f.owner.org_uuid,
          account_id: f.account.accountId,
          display_name: f.account.displayName,
          scope: f.scope,
          established_at: at,
        },
      },
    ],
  };
}

/** Whether the person may see the connection: its owner, or anyone in the organisation it belongs to. */
export function mayView(state: ConnectionState, actor: MemberFacts) {
  if (state.status === 'none' || state.status === 'deleted') return false;
  if (state.owner.org_uuid) return actor.org?.org_uuid === state.owner.org_uuid;
  return state.owner.user_id === actor.userId;
}

/** Whether the person may change the connection: a personal one's owner, an organisation's owners and admins. */
export function mayManage(state: ConnectionState, actor: MemberFacts) {
  if (!mayView(state, actor) || state.status === 'none') return false;
  if (state.owner.org_uuid) return MANAGES_ORG.has(actor.org?.role ?? '');
  return true;
}

/** A connection the person may change, or 404 (someone else's is answered as one that does not exist) / 403 for an organisation's member. */
function managed(state: ConnectionState, actor: MemberFacts) {
  if (!mayView(state, actor) || state.status === 'none' || state.status === 'deleted') throw connectorErrors.connectionNotFound();
  if (!mayManage(state, actor)) throw connectorErrors.notAnOrgManager();
  return state;
}

/** Disconnecting twice is one disconnection. */
export function decideDisconnect(state: ConnectionState, actor: MemberFacts, now: Date): ConnectionDisconnected[] {
  const s = managed(state, actor);
  if (s.status !== 'connected') return [];
  return [
    {
      type: 'ConnectionDisconnected',
      data: { connection_uuid: s.connection_uuid, by_user_id: actor.userId, reason: 'by_person', disconnected_at: now.toISOString() },
    },
  ];
}

export function decideDelete(state: ConnectionState, actor: MemberFacts, now: Date): ConnectionDeleted[] {
  const s = managed(state, actor);
  return [{ type: 'ConnectionDeleted', data: { connection_uuid: s.connection_uuid, by_user_id: actor.userId, deleted_at: now.toISOString() } }];
}

/**
 * A removal that finished releases what withheld the connection, once, and only while it is still
 * not connected and `finished` is still its current removal (`current`, removalRunOf): after a
 * reconnection, or a reconnection and another disconnection, a late removal releases nothing.
 */
export function decideContentRemoved(state: ConnectionState, current: string | null, finished: string, now: Date): ConnectionContentRemoved[] {
  if ((state.status !== 'disconnected' && state.status !== 'deleted') || state.content_removed || current !== finished) return [];
  return [{ type: 'ConnectionContentRemoved', data: { connection_uuid: state.connection_uuid, run: finished, removed_at: now.toISOString() } }];
}
