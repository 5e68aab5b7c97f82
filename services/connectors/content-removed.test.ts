// A finished removal releases what withheld its connection once, and only while the connection is
// still disconnected or deleted: whatever came before, a reconnection in between means no release,
// and a later disconnection needs its own removal's release again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideContentRemoved } from './decide.js';
import { type ConnectionEvent, type ConnectionState, evolveConnection, NO_CONNECTION } from './events.js';

const C = 'c0ffee00-0000-4000-8000-000000000002';
const at = '2026-12-02T10:00:00Z';
const now = new Date(at);
const EVENTS: Record<string, ConnectionEvent> = {
  established: {
    type: 'ConnectionEstablished',
    data: {
      connection_uuid: C,
      connector: 'google_drive',
      owner_user_id: 'o',
      org_uuid: null,
      account_id: 'a',
      display_name: 'Ida',
      scope: null,
      established_at: at,
    },
  },
  renewed: { type: 'ConnectionRenewed', data: { connection_uuid: C, by_user_id: 'o', display_name: 'Ida', scope: null, renewed_at: at } },
  disconnected: { type: 'ConnectionDisconnected', data: { connection_uuid: C, by_user_id: 'o', reason: 'by_person', disconnected_at: at } },
  deleted: { type: 'ConnectionDeleted', data: { connection_uuid: C, by_user_id: 'o', deleted_at: at } },
};
/** The state after the events, each removal's release decided and applied as the workflow would. */
const play = (names: (keyof typeof EVENTS | 'released')[]) =>
  names.reduce<ConnectionState>(
    (s, n) => (n === 'released' ? decideContentRemoved(s, now).reduce(evolveConnection, s) : evolveConnection(s, EVENTS[n])),
    NO_CONNECTION,
  );

describe('releasing a removed connection', () => {
  it('once after a disconnection or deletion, never while connected or before it exists', () => {
    expect(decideContentRemoved(NO_CONNECTION, now)).toEqual([]);
    expect(decideContentRemoved(play(['established']), now)).toEqual([]);
    expect(decideContentRemoved(play(['established', 'disconnected']), now)).toEqual([
      { type: 'ConnectionContentRemoved', data: { connection_uuid: C, removed_at: now.toISOString() } },
    ]);
    expect(decideContentRemoved(play(['established', 'disconnected', 'released']), now)).toEqual([]);
    expect(decideContentRemoved(play(['established', 'disconnected', 'released', 'renewed', 'disconnected']), now)).toHaveLength(1);
    expect(decideContentRemoved(play(['established', 'deleted']), now)).toHaveLength(1);
  });

  it('for any history: released only while unconnected, and not again until it changes', () => {
    const name = fc.constantFrom<keyof typeof EVENTS | 'released'>('renewed', 'disconnected', 'deleted', 'released');
    fc.assert(
      fc.property(fc.array(name, { maxLength: 12 }), (rest) => {
        // A plain model: renewed connects, disconnected only a connected one, deleted any; a release counts until the next change.
        let status = 'connected';
        let released = false;
        for (const n of rest) {
          const before = status;
          if (n === 'renewed') status = 'connected';
          else if (n === 'disconnected' && status === 'connected') status = 'disconnected';
          else if (n === 'deleted') status = 'deleted';
          else if (n === 'released' && status !== 'connected') released = true;
          if (n !== 'released' && (status !== before || n === 'deleted' || n === 'renewed')) released = false;
        }
        const state = play(['established', ...rest]);
        expect(decideContentRemoved(state, now).length).toBe(status !== 'connected' && !released ? 1 : 0);
      }),
    );
  });
});
