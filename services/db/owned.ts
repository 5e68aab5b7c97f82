// Each table has one owner (a domain, or the event store or passages in the kernel). The handle
// every context carries, `Db`, is typed over no table: it queries nothing until its owner narrows
// it with its own `own()` (each owner's tables.ts), so a query on another owner's table does not
// compile. Raw SQL is checked by scripts/check-table-owners.mjs in `make lint`.
import type { Kysely, Transaction } from 'kysely';

/** No table at all: what a handle is typed over before its owner narrows it. */
export type NoTables = Record<never, never>;

/** A handle over any tables, or a transaction on one. */
// biome-ignore lint/suspicious/noExplicitAny: whatever its tables.
export type AnyHandle = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: whatever its tables.
type AnyTransaction = Transaction<any>;

/** The same handle over `T`: a transaction stays a transaction. */
export type Owned<H, T> = H extends AnyTransaction ? Transaction<T> : Kysely<T>;

/** An owner's narrowing of a handle to its own tables `T`. */
export const ownerOf =
  <T>() =>
  <H extends AnyHandle>(db: H): Owned<H, T> =>
    db as unknown as Owned<H, T>;
