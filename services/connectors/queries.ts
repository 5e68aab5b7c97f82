// Reads of the connectors' own tables.
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Trx } from '../eventstore/types.js';
import { own } from './tables.js';

export type ConnectionRow = Awaited<ReturnType<typeof connectionRow>> & {};

export function connectionRow(db: Db | Trx, connectionUuid: string) {
  return own(db).selectFrom('connector_connections').selectAll().where('connection_uuid', '=', connectionUuid).executeTakeFirst();
}

/** A person's own connections (org null), or an organisation's. */
export function connectionsOf(db: Db, owner: { userId: string } | { orgUuid: string }) {
  let q = own(db).selectFrom('connector_connections').selectAll();
  q = 'orgUuid' in owner ? q.where('org_uuid', '=', owner.orgUuid) : q.where('owner_user_id', '=', owner.userId).where('org_uuid', 'is', null);
  return q.orderBy('updated_at', 'desc').execute();
}

/** The connection an account already has for this owner, if any (connecting it again renews it). */
export function accountConnection(db: Db | Trx, f: { connector: string; ownerUserId: string; orgUuid: string | null; accountId: string }) {
  let q = own(db).selectFrom('connector_connections').select('connection_uuid').where('connector', '=', f.connector).where('account_id', '=', f.accountId);
  // An organisation's connection is the organisation's whoever of its managers renews it.
  q = f.orgUuid ? q.where('org_uuid', '=', f.orgUuid) : q.where('owner_user_id', '=', f.ownerUserId).where('org_uuid', 'is', null);
  return q.executeTakeFirst();
}

export function credentialsOf(db: Db | Trx, connectionUuid: string) {
  return own(db).selectFrom('connector_credentials').selectAll().where('connection_uuid', '=', connectionUuid).executeTakeFirst();
}

export const stateHash = (state: string) => createHash('sha256').update(state).digest('hex');
