// The event log's signals: migration 0033 says `pg_notify('event_log', type)` at the commit of
// each transaction that appended events of that type, and the instance's listener
// (services/db/listen.ts) wakes the consumers that want that type. After the listener connects
// again every consumer is woken: what was appended meanwhile was said to no one.
import type { DbListener } from '../db/listen.js';

export const EVENT_LOG_CHANNEL = 'event_log';

export type EventLogSignals = {
  /**
   * Calls `wake` when events of one of `types` (any type if none are given) were appended and
   * committed, and after the listener reconnected; until the returned function is called.
   */
  onAppend(types: readonly string[] | undefined, wake: () => void): () => void;
};

/** The event log's signals on an instance's listener, which must listen to EVENT_LOG_CHANNEL. */
export function eventLogSignals(listener: DbListener): EventLogSignals {
  const byType = new Map<string, Set<() => void>>();
  const anyType = new Set<() => void>();
  listener.on(EVENT_LOG_CHANNEL, (type) => {
    for (const wake of anyType) wake();
    for (const wake of byType.get(type) ?? []) wake();
  });
  return {
    onAppend(types, wake) {
      const offReconnect = listener.onReconnect(wake);
      if (!types) {
        anyType.add(wake);
        return () => {
          anyType.delete(wake);
          offReconnect();
        };
      }
      for (const type of types) {
        let set = byType.get(type);
        if (!set) byType.set(type, (set = new Set()));
        set.add(wake);
      }
      return () => {
        for (const type of types) {
          const set = byType.get(type);
          set?.delete(wake);
          if (set && !set.size) byType.delete(type);
        }
        offReconnect();
      };
    },
  };
}
