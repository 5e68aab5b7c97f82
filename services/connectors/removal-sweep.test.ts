// The removal a connection's stream calls for is named as the disconnect and delete requests name
// it, so a sweep after a crash starts the very workflow the request would have (DBOS runs one per id).
// connectionsLeftBehind's query and the sweep itself run in workflows/connector-removal.crash.test.ts.
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import type { ConnectionEvent } from './events.js';
import { removalRunOf } from './removal-sweep.js';

const C = 'c0ffee00-0000-4000-8000-000000000001';
const at = '2026-12-02T10:00:00Z';
const established: ConnectionEvent = {
  type: 'ConnectionEstablished',
  data: {
    connection_uuid: C,
    connector: 'google_drive',
    owner_user_id: 'owner',
    org_uuid: null,
    account_id: 'a',
    display_name: 'Ida',
    scope: null,
    established_at: at,
  },
};
const disconnected = (by: string | null): ConnectionEvent => ({
  type: 'ConnectionDisconnected',
  data: { connection_uuid: C, by_user_id: by, reason: by ? 'by_person' : 'access_revoked', disconnected_at: at },
});
const renewed: ConnectionEvent = {
  type: 'ConnectionRenewed',
  data: { connection_uuid: C, by_user_id: 'owner', display_name: 'Ida', scope: null, renewed_at: at },
};
const deleted: ConnectionEvent = { type: 'ConnectionDeleted', data: { connection_uuid: C, by_user_id: 'admin', deleted_at: at } };
const stream = (...events: ConnectionEvent[]) => events as unknown as StoredEvent[];

describe('the removal a connection left behind calls for', () => {
  it('none while it is connected, or renewed after a disconnection', () => {
    expect(removalRunOf(C, stream())).toBeNull();
    expect(removalRunOf(C, stream(established))).toBeNull();
    expect(removalRunOf(C, stream(established, disconnected('owner'), renewed))).toBeNull();
  });

  it('a disconnection’s, named by the stream’s version after it, as the disconnect request names it', () => {
    expect(removalRunOf(C, stream(established, disconnected('owner')))).toEqual({ connection_uuid: C, run: 'disconnect-2', by: 'owner' });
    expect(removalRunOf(C, stream(established, disconnected('owner'), renewed, disconnected('other')))).toEqual({
      connection_uuid: C,
      run: 'disconnect-4',
      by: 'other',
    });
  });

  it('a deletion’s once deleted, disconnected first or not; the owner’s when nobody did it', () => {
    expect(removalRunOf(C, stream(established, disconnected('owner'), deleted))).toEqual({ connection_uuid: C, run: 'delete', by: 'admin' });
    expect(removalRunOf(C, stream(established, disconnected(null)))).toEqual({ connection_uuid: C, run: 'disconnect-2', by: 'owner' });
  });

  it('its removal finishing does not rename the disconnection’s run', () => {
    const removed: ConnectionEvent = { type: 'ConnectionContentRemoved', data: { connection_uuid: C, run: 'disconnect-2', removed_at: at } };
    expect(removalRunOf(C, stream(established, disconnected('owner'), removed))).toEqual({ connection_uuid: C, run: 'disconnect-2', by: 'owner' });
  });
});
