// A hot read built with Kysely's builder once, not on every call. Building and compiling a small
// select cost 30-60 µs of the server's one thread each time; on the answers path, five such
// reads an ask came to about a twentieth of the server's CPU at 20 concurrent asks.
import type { CompiledQuery, Compilable } from 'kysely';
import type { Db } from './database.js';

/** The database or a transaction on it (`build` narrows it to its owner's tables). */
type On = Db;

const STAND_IN = Symbol('stand-in');
type StandIn = { [STAND_IN]: number };
const isStandIn = (value: unknown): value is StandIn => typeof value === 'object' && value !== null && STAND_IN in value;

/**
 * `build` is called once, with stand-ins for its arguments, and compiled; each call then runs that
 * statement with its own values. Each argument must become exactly one parameter, used as a
 * value only (never looked at by `build`, never spread into a list): checked at the first call.
 */
export function compiledOnce<A extends unknown[], R>(arity: A['length'], build: (db: On, ...args: A) => Compilable<R>) {
  let plan: { query: CompiledQuery<R>; slots: ({ arg: number } | { value: unknown })[] } | undefined;
  const planFor = (db: On) => {
    const standIns = Array.from({ length: arity }, (_, i): StandIn => ({ [STAND_IN]: i }));
    const query = build(db, ...(standIns as A)).compile();
    const slots = query.parameters.map((p) => (isStandIn(p) ? { arg: p[STAND_IN] } : { value: p }));
    const used = slots.flatMap((s) => ('arg' in s ? [s.arg] : [])).sort();
    if (used.length !== arity || used.some((a, i) => a !== i)) throw new Error(`compiledOnce: each of the ${arity} arguments must be one parameter`);
    return { query, slots };
  };
  return async (db: On, ...args: A): Promise<R[]> => {
    plan ??= planFor(db);
    const parameters = plan.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    return (await db.executeQuery<R>({ ...plan.query, parameters })).rows;
  };
}
