// The tables connectors owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../db/columns.js';
import type { Readers } from './adapters/types.js';
import { ownerOf } from '../db/owned.js';

/** The connections as their events say (migration 0038), projected by projections.ts. */
export interface ConnectorConnectionsTable {
  connection_uuid: string;
  connector: string;
  owner_user_id: string;
  org_uuid: string | null;
  account_id: string;
  display_name: string;
  scope: string | null;
  status: 'connected' | 'disconnected';
  established_at: Timestamp;
  updated_at: Timestamp;
}

/** A connection's tokens, sealed (token-box.ts); written with the event that brings them, removed when it is disconnected. */
export interface ConnectorCredentialsTable {
  connection_uuid: string;
  access_sealed: string;
  refresh_sealed: string | null;
  expires_at: Timestamp | null;
  updated_at: Timestamp;
}

/** An OAuth attempt under way: found by the hash of its state, used once. */
export interface ConnectorFlowsTable {
  state_hash: string;
  user_id: string;
  connector: string;
  org_uuid: string | null;
  verifier_sealed: string;
  return_path: string;
  expires_at: Timestamp;
}

/** What a connection syncs, as its items' events say (items.ts). */
export interface ConnectorItemsTable {
  item_uuid: string;
  connection_uuid: string;
  remote_id: string;
  drive_id: string | null;
  name: string;
  kind: string;
  parent_uuids: string[];
  picked: boolean;
  repository_type: 'USER' | 'ORG' | 'COLLECTION';
  repository_owner: string;
  url: string | null;
  remote_updated_at: string | null;
  readers: ColumnType<Readers | null, string | null, string | null>;
  /** The provider's media type as last listed (migration 0039). */
  mime_type: string | null;
  /** Its lower-cased path where the provider names items by path (Dropbox; migration 0044). */
  path: string | null;
  status: string;
  error: string | null;
  file_uuid: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A connection's sync: its delta cursor and any wait its provider asked for (not events: the sync's own bookkeeping). */
export interface ConnectorSyncsTable {
  connection_uuid: string;
  cursor: string | null;
  rate_limited_until: Timestamp | null;
  last_synced_at: Timestamp | null;
  /** An app connection's last walk that removed what the source no longer has (migration 0074). */
  reconciled_at: Timestamp | null;
}

/** An app connection's documents as their events say (documents.ts, migration 0040). */
export interface ConnectorDocumentsTable {
  connection_uuid: string;
  remote_id: string;
  corpus: string;
  title: string;
  url: string | null;
  readers: string[] | null;
  synced_at: Timestamp;
}

/** A group of the source (a Slack channel, a GitHub repository) and its members' account keys, as the last sync resolved them. */
export interface ConnectorGroupsTable {
  connection_uuid: string;
  kind: string;
  key: string;
  members: string[];
  resolved_at: Timestamp;
}

export interface ConnectorsTables {
  connector_documents: ConnectorDocumentsTable;
  connector_groups: ConnectorGroupsTable;
  connector_items: ConnectorItemsTable;
  connector_syncs: ConnectorSyncsTable;
  connector_connections: ConnectorConnectionsTable;
  connector_credentials: ConnectorCredentialsTable;
  connector_flows: ConnectorFlowsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<ConnectorsTables>();
