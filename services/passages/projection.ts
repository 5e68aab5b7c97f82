// The passages read model: the passages table and its term statistics, written only here, from
// the events the feeds read. Every write is a function of the events alone, so replaying the log
// (`make rebuild-projections`) gives back the same rows. The statistics follow the passages
// through the changes the writes record (stat-folder.ts): folded in the background after an
// append, and counted again from the rows at the end of a replay.
import type { Projection, StoredEvent, Trx } from '../eventstore/types.js';
import type { PassageFeed, PassageOp } from './feed.js';
import { recountPassageStats } from './stat-folder.js';
import { applyPassageOp } from './write.js';

export const PASSAGE_TABLES = [
  'passages',
  'passage_corpus_stats',
  'passage_term_stats',
  'passage_stat_changes',
  'passage_withheld_origins',
  'passage_segments',
  'passage_postings',
];

export function passagesProjection(feeds: PassageFeed[]): Projection {
  const byType = new Map<string, PassageFeed[]>();
  for (const feed of feeds) for (const type of feed.handles) byType.set(type, [...(byType.get(type) ?? []), feed]);
  const opsOf = (event: StoredEvent) => (byType.get(event.type) ?? []).flatMap((feed) => feed.ops(event));
  const applyAll = async (trx: Trx, events: StoredEvent[]) => {
    for (const op of mergePuts(events.flatMap(opsOf))) await applyPassageOp(trx, op);
  };
  return {
    name: 'passages',
    tables: PASSAGE_TABLES,
    handles: [...byType.keys()],
    apply: (trx, event) => applyAll(trx, [event]),
    // A large file's passages come in several events: written as one, the statistics of a term
    // they share change once, not once an event.
    applyAll,
    afterReplay: recountPassageStats,
  };
}

/** The same operations with each run of puts to one source (after its first) joined into one put. */
export function mergePuts(ops: PassageOp[]): PassageOp[] {
  const merged: PassageOp[] = [];
  for (const op of ops) {
    const last = merged.at(-1);
    const joins = op.kind === 'put' && !op.replace && last?.kind === 'put' && last.corpus === op.corpus && last.source === op.source;
    // Each put's rows are copied once, so a join grows the copy and never the event's own array.
    if (!joins) merged.push(op.kind === 'put' ? { ...op, passages: [...op.passages] } : op);
    else for (const row of op.passages) last.passages.push(row);
  }
  return merged;
}
