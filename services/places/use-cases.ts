// Places' use cases, each for one Actor: the places of an answer entry (searched for its owner
// and kept; the kept ones for anyone who may read the thread), and a person's reservation records.
import { ConcurrencyError, type NewEvent } from '../eventstore/types.js';
import type { Actor } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import { findEntry, readableThread } from '../threads/index.js';
import { decideAttachPlaces, decideRecordReservation, decideRemoveReservation, type RecordReservation } from './decide.js';
import { placesErrors } from './errors.js';
import { entryPlacesStream, evolveReservations, initialReservations, type ReservationsState, reservationsStream } from './events.js';
import { type GeoPoint, type Geocoder, sharedGeocoder } from './geocoder.js';
import { isPlacesQuestion, placeQueryOf } from './intent.js';
import type { Place } from './place.js';
import { entryPlaces, reservationsOf } from './queries.js';

export type EntryPlacesSearch = { query: string; read_write_token: string; entry_uuid: string; near?: GeoPoint };
export type EntryPlaces = { places: Place[]; needs_location: boolean };

const none: EntryPlaces = { places: [], needs_location: false };

/** The configured geocoder (one per configuration, so its request rate is the instance's), or null. */
export const geocoderOf = (ctx: KernelContext): Geocoder | null => (ctx.config.places.geocoder ? sharedGeocoder(ctx.config.places.geocoder) : null);

/**
 * The places of an entry: the ones kept with it for anyone who may read its thread; for its owner
 * holding the thread's token, searched for a place question and kept (the first search's stay).
 * Empty, never an error, when anything is missing or the geocoder fails.
 */
export async function searchPlacesForEntry(ctx: KernelContext, actor: Actor, input: EntryPlacesSearch, geocoder = geocoderOf(ctx)): Promise<EntryPlaces> {
  if (!geocoder) return none;
  try {
    const entry = await findEntry(ctx.db, input.entry_uuid);
    if (!entry) return none;
    const { thread, isOwner } = await readableThread(ctx, entry.context_uuid, actor);
    const kept = await entryPlaces(ctx.db, entry.backend_uuid);
    if (kept) return { places: kept, needs_location: false };
    const tokens = [thread.context_uuid, thread.frontend_context_uuid].filter(Boolean);
    if (!isOwner || !tokens.includes(input.read_write_token) || !isPlacesQuestion(input.query)) return none;
    const { terms, nearMe } = placeQueryOf(input.query);
    const near = nearMe ? (input.near ?? null) : null;
    if (nearMe && !near) return { places: [], needs_location: true };
    if (!terms) return none;
    const places = await geocoder.search(terms, near);
    const events = decideAttachPlaces(
      false,
      { backend_uuid: entry.backend_uuid, context_uuid: entry.context_uuid, user_id: thread.owner_user_id },
      { query: input.query, near },
      places,
      ctx.now().toISOString(),
    );
    if (events.length === 0) return none;
    try {
      await ctx.store.append(entryPlacesStream(entry.backend_uuid), 'no_stream', events);
    } catch (err) {
      // Two searches at once: the first one's places are the entry's.
      if (err instanceof ConcurrencyError) return { places: (await entryPlaces(ctx.db, entry.backend_uuid)) ?? [], needs_location: false };
      throw err;
    }
    return { places, needs_location: false };
  } catch (err) {
    ctx.logger.warn({ err, entry_uuid: input.entry_uuid }, 'place search for an entry failed; it shows no places');
    return none;
  }
}

async function signedIn(actor: Actor) {
  const userId = await actor.userId();
  if (!userId) throw placesErrors.loginRequired();
  return userId;
}

const MAX_ATTEMPTS = 5;
async function decideAndAppend(ctx: KernelContext, userId: string, decide: (s: ReservationsState) => NewEvent[]) {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await ctx.store.aggregate(reservationsStream(userId), initialReservations, evolveReservations);
    const events = decide(state);
    if (events.length === 0) return;
    try {
      await ctx.store.append(reservationsStream(userId), version, events);
      return;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

export async function listReservations(ctx: KernelContext, actor: Actor) {
  return { reservations: await reservationsOf(ctx.db, await signedIn(actor)) };
}

export type ReservationInput = Pick<RecordReservation, 'kind' | 'place' | 'handed_over_to' | 'details'>;

export async function recordReservation(ctx: KernelContext, actor: Actor, input: ReservationInput) {
  const userId = await signedIn(actor);
  const reservationId = crypto.randomUUID();
  const now = ctx.now();
  await decideAndAppend(ctx, userId, (s) => decideRecordReservation(s, { ...input, user_id: userId, reservation_id: reservationId, now }));
  const kept = (await reservationsOf(ctx.db, userId)).find((r) => r.reservation_id === reservationId);
  if (!kept) throw new Error('the reservation was recorded but its projection has no row');
  return kept;
}

export async function removeReservation(ctx: KernelContext, actor: Actor, reservationId: string) {
  const userId = await signedIn(actor);
  const now = ctx.now();
  await decideAndAppend(ctx, userId, (s) => decideRemoveReservation(s, { user_id: userId, reservation_id: reservationId, now }));
}
