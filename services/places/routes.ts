// Places over HTTP (spec/paths/places.yaml): each handler calls one use case.
import type { DomainRoutes } from '../http/handler.js';
import type { KernelContext } from '../shared/context.js';
import { listReservations, recordReservation, removeReservation, searchPlacesForEntry } from './use-cases.js';

export const placesRoutes = {
  async searchPlacesForEntry({ actor, body }, ctx) {
    return { status: 200, body: await searchPlacesForEntry(ctx, actor, body) };
  },
  async listReservations({ actor }, ctx) {
    return { status: 200, body: await listReservations(ctx, actor) };
  },
  async recordReservation({ actor, body }, ctx) {
    return { status: 201, body: await recordReservation(ctx, actor, body) };
  },
  async removeReservation({ actor, path }, ctx) {
    await removeReservation(ctx, actor, path.reservation_id);
    return { status: 204 };
  },
} satisfies DomainRoutes<KernelContext>;
