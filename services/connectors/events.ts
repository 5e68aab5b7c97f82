// A connection to a provider, one stream each: made when a person (or an organisation's owner or
// admin) authorizes the product at the provider, renewed when the same account is authorized
// again, disconnected (its tokens forgotten and revoked, its content out of answers) and deleted.
// The tokens themselves are never in an event: they are sealed in `connector_credentials`, written
// in the same transaction as the event that brings them.
import type { StoredEvent } from '../eventstore/types.js';
import type { ConnectorName } from './registry.js';

/** Whose connection it is: a person's own, or an organisation's (made by its owner or an admin). */
export type ConnectionOwner = { user_id: string; org_uuid: string | null };

export type ConnectionEstablished = {
  type: 'ConnectionEstablished';
  data: {
    connection_uuid: string;
    connector: ConnectorName;
    owner_user_id: string;
    org_uuid: string | null;
    /** The provider's id of the account authorized: the same account connected again renews this connection. */
    account_id: string;
    display_name: string;
    scope: string | null;
    established_at: string;
  };
};
export type ConnectionRenewed = {
  type: 'ConnectionRenewed';
  data: { connection_uuid: string; by_user_id: string; display_name: string; scope: string | null; renewed_at: string };
};
export type ConnectionDisconnected = {
  type: 'ConnectionDisconnected';
  data: { connection_uuid: string; by_user_id: string | null; reason: 'by_person' | 'access_revoked'; disconnected_at: string };
};
export type ConnectionDeleted = { type: 'ConnectionDeleted'; data: { connection_uuid: string; by_user_id: string | null; deleted_at: string } };

/**
 * A disconnected or deleted connection's removal finished: nothing it brought is left, so what
 * withheld it from search and listing is no longer needed (its rows would otherwise stay forever,
 * read by every search). `run`: the removal that finished (`disconnect-<version>` or `delete`,
 * removal-sweep.ts), the generation it releases: appended only while that is still the
 * connection's current removal, so a removal finishing late never releases a later disconnection.
 */
export type ConnectionContentRemoved = { type: 'ConnectionContentRemoved'; data: { connection_uuid: string; run: string; removed_at: string } };

export type ConnectionEvent = ConnectionEstablished | ConnectionRenewed | ConnectionDisconnected | ConnectionDeleted | ConnectionContentRemoved;
export const CONNECTION_EVENTS = [
  'ConnectionEstablished',
  'ConnectionRenewed',
  'ConnectionDisconnected',
  'ConnectionDeleted',
  'ConnectionContentRemoved',
] as const satisfies readonly ConnectionEvent['type'][];

export const connectionStream = (connectionUuid: string) => `connection-${connectionUuid}`;

export type ConnectionState =
  | { status: 'none' }
  | {
      status: 'connected' | 'disconnected' | 'deleted';
      connection_uuid: string;
      connector: ConnectorName;
      owner: ConnectionOwner;
      account_id: string;
      /** Its removal finished since it was last disconnected or deleted (ConnectionContentRemoved). */
      content_removed?: boolean;
    };

export const NO_CONNECTION: ConnectionState = { status: 'none' };

export function evolveConnection(state: ConnectionState, event: StoredEvent | ConnectionEvent): ConnectionState {
  const e = event as ConnectionEvent;
  switch (e.type) {
    case 'ConnectionEstablished':
      return {
        status: 'connected',
        connection_uuid: e.data.connection_uuid,
        connector: e.data.connector,
        owner: { user_id: e.data.owner_user_id, org_uuid: e.data.org_uuid },
        account_id: e.data.account_id,
      };
    case 'ConnectionRenewed':
      return state.status === 'none' ? state : { ...state, status: 'connected', content_removed: false };
    case 'ConnectionDisconnected':
      return state.status === 'connected' ? { ...state, status: 'disconnected', content_removed: false } : state;
    case 'ConnectionDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted', content_removed: false };
    case 'ConnectionContentRemoved':
      return state.status === 'none' ? state : { ...state, content_removed: true };
    default:
      return state;
  }
}
