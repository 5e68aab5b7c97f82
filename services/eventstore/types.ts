import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

export type Trx = Transaction<Database>;

/** An event to append. `v` is the payload's schema version (default 1). */
export type NewEvent<T extends string = string, D = unknown> = { type: T; data: D; metadata?: Record<string, unknown>; v?: number };

export type StoredEvent<T extends string = string, D = unknown> = {
  globalPosition: string;
  streamId: string;
  streamVersion: number;
  type: T;
  data: D;
  metadata: Record<string, unknown>;
  recordedAt: Date;
};

/** `no_stream`: the stream must not exist; `any`: no check; a number: the stream's current version. */
export type ExpectedVersion = number | 'no_stream' | 'any';

/** Writes a read model from events, inside the append's transaction. */
export type Projection = {
  name: string;
  /** Read-model tables this projection owns; a rebuild empties them first. */
  tables: string[];
  handles: readonly string[];
  apply: (trx: Trx, event: StoredEvent) => Promise<void>;
};

/** Turns an old payload version into the current one when read; events are never rewritten. */
export type Upcaster = { type: string; fromVersion: number; up: (data: any) => unknown };

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${expected}`);
    this.name = 'ConcurrencyError';
  }
}
