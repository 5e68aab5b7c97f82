import { type CompiledQuery, type Kysely, NoResultError, type Transaction } from 'kysely';
import type { NoTables } from '../db/owned.js';

/** A transaction typed over no table: each owner narrows it with its own `own()`. */
export type Trx = Transaction<NoTables>;

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
  /**
   * Set when the projection writes several events faster together (one statement for many rows):
   * the store then hands it, in order, all the events of one append (or of one page of a
   * rebuild) it handles, after the other projections have applied them. Must leave the same rows
   * as `apply` called on each in turn, and read no other projection's tables.
   */
  applyAll?: (trx: Trx, events: StoredEvent[]) => Promise<void>;
  /**
   * Set when the projection only writes what the event's payload says, with no reads: the
   * store then sends these statements together with the append (transactionInTwoTrips).
   */
  statements?: (db: Kysely<NoTables>, event: { type: string; data: unknown }) => ProjectionStatement[];
  /**
   * Set when part of the read model is brought up to date after the append (the passages' term
   * statistics, folded in the background): run once a replay of the whole log has applied every
   * event, in the rebuild's transaction, to bring it up to date at once.
   */
  afterReplay?: (trx: Trx) => Promise<void>;
};

/** A projection's write; `expectsRow`: it returns a row, or the read model is not what the events say. */
export type ProjectionStatement = { query: CompiledQuery; expectsRow: boolean };

/** Throws kysely's NoResultError when a statement that must find its row found none. */
export function checkRow(s: ProjectionStatement, rows: unknown[]) {
  if (s.expectsRow && rows.length === 0) throw new NoResultError(s.query.query as ConstructorParameters<typeof NoResultError>[0]);
}

/** A projection made of statements only: `apply` runs them one after the other. */
export function statementsProjection(p: Omit<Projection, 'apply' | 'statements'> & { statements: NonNullable<Projection['statements']> }): Projection {
  return {
    ...p,
    async apply(trx, event) {
      for (const s of p.statements(trx, event)) {
        checkRow(s, (await trx.executeQuery(s.query)).rows);
      }
    },
  };
}

/** Turns an old payload version into the current one when read; events are never rewritten. */
// biome-ignore lint/suspicious/noExplicitAny: an upcaster reads an old payload shape that no current type describes.
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
