// Reading a few types of events from given streams, for the domains that react to another's
// events and need more of its log than the event in hand (a Space's title, a thread's opening).
// The payloads are as recorded (no upcasting): the callers read fields every version has.
import type { Db } from '../db/database.js';
import { own } from './tables.js';
import type { Trx } from './types.js';

export type StreamEventRow = { stream_id: string; type: string; data: unknown };

/** The events of `types` in `streamIds`, stream by stream, each stream in order. */
export async function eventsOfStreams(db: Db | Trx, streamIds: readonly string[], types: readonly string[]): Promise<StreamEventRow[]> {
  if (!streamIds.length || !types.length) return [];
  return own(db)
    .selectFrom('events')
    .select(['stream_id', 'type', 'data'])
    .where('stream_id', 'in', [...new Set(streamIds)])
    .where('type', 'in', [...types])
    .orderBy('stream_id')
    .orderBy('stream_version')
    .execute();
}
