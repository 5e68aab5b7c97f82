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

export type ConnectionEvent = ConnectionEstablished | ConnectionRenewed | ConnectionDisconnected | ConnectionDeleted;
export const CONNECTION_EVENTS = [
  'ConnectionEstablished',
  'ConnectionRenewed',
  'ConnectionDisconnected',
  'ConnectionDeleted',
] as const satisfies readonly ConnectionEvent['type'][];

export const connectionStream = (connectionUuid: string) => `connection-${connectionUuid}`;

export type ConnectionState =
  | { status: 'none' }
  | { status: 'connected' | 'disconnected' | 'deleted'; connection_uuid: string; connector: ConnectorName; owner: ConnectionOwner; account_id: string };

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
      return state.status === 'none' ? state : { ...state, status: 'connected' };
    case 'ConnectionDisconnected':
      return state.status === 'connected' ? { ...state, status: 'disconnected' } : state;
    case 'ConnectionDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return state;
  }
}
