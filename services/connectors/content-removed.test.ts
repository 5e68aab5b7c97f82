// A finished removal releases what withheld its connection once, and only while the connection is
// still disconnected or deleted and that removal is still its current one (the generation the
// event names): a reconnection in between, or a reconnection and another disconnection, means a
// late removal releases nothing, and a later disconnection needs its own removal's release.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import { decideContentRemoved } from './decide.js';
import { type ConnectionEvent, evolveConnection, NO_CONNECTION } from './events.js';
import { removalRunOf } from './removal-sweep.js';

const C = 'c0ffee00-0000-4000-8000-000000000002';
const at = '2026-12-02T10:00:00Z';
const now = new Date(at);
const EVENTS = {
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
} satisfies Record<string, ConnectionEvent>;
type Name = keyof typeof EVENTS;

/** What the removal `finished` appends on this stream, as releaseRemovedConnection decides it. */
const release = (events: ConnectionEvent[], finished: string) =>
  decideContentRemoved(events.reduce(evolveConnection, NO_CONNECTION), removalRunOf(C, events as unknown as StoredEvent[])?.run ?? null, finished, now);
const stream = (...names: Name[]) => names.map((n) => EVENTS[n] as ConnectionEvent);

describe('releasing a removed connection', () => {
  it('once after a disconnection or deletion, by the removal it started, never while connected', () => {
    expect(release([], 'delete')).toEqual([]);
    expect(release(stream('established'), 'disconnect-2')).toEqual([]);
    const released = release(stream('established', 'disconnected'), 'disconnect-2');
    expect(released).toEqual([{ type: 'ConnectionContentRemoved', data: { connection_uuid: C, run: 'disconnect-2', removed_at: now.toISOString() } }]);
    expect(release([...stream('established', 'disconnected'), ...released], 'disconnect-2')).toEqual([]);
    expect(release(stream('established', 'deleted'), 'delete')).toHaveLength(1);
    expect(release(stream('established', 'disconnected', 'deleted'), 'disconnect-2')).toEqual([]);
  });

  it('a removal finishing after a reconnection releases nothing, nor after another disconnection, whose own removal does', () => {
    expect(release(stream('established', 'disconnected', 'renewed'), 'disconnect-2')).toEqual([]);
    const again = stream('established', 'disconnected', 'renewed', 'disconnected');
    expect(release(again, 'disconnect-2')).toEqual([]);
    expect(release(again, 'disconnect-4')).toEqual([
      { type: 'ConnectionContentRemoved', data: { connection_uuid: C, run: 'disconnect-4', removed_at: now.toISOString() } },
    ]);
  });

  it('for any history and any removal finishing: released only by the current removal, while unconnected, once', () => {
    const step = fc.oneof(
      fc.constantFrom<Name>('renewed', 'disconnected', 'deleted'),
      fc.nat(6).map((k) => ({ release: k })),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 14 }), (steps) => {
        // A plain model: renewed connects, disconnected only a connected one, deleted any; each
        // disconnection or deletion names a run, a release counts until the next of them.
        const events: ConnectionEvent[] = [...stream('established')];
        let status = 'connected';
        let current: string | null = null;
        let released = false;
        const runs: string[] = ['disconnect-1'];
        for (const s of steps) {
          if (typeof s === 'string') {
            events.push(EVENTS[s]);
            if (s === 'renewed') [status, current, released] = ['connected', null, false];
            else if (s === 'disconnected' && status === 'connected') [status, current, released] = ['disconnected', `disconnect-${events.length}`, false];
            else if (s === 'deleted') [status, current, released] = ['deleted', 'delete', false];
            if (current && !runs.includes(current)) runs.push(current);
            continue;
          }
          const finished = runs[s.release % runs.length];
          const decided = release(events, finished);
          expect(decided.length).toBe(status !== 'connected' && !released && finished === current ? 1 : 0);
          if (decided.length) released = true;
          events.push(...decided);
        }
      }),
    );
  });
});
