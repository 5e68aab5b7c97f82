// The tables places owns (migration 0068), read models written by projections.ts: an answer's
// places, and each person's reservation records.
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

export interface PlaceEntryPlacesTable {
  backend_uuid: string;
  context_uuid: string;
  /** The thread's owner (null: a visitor's thread): erased with the account. */
  user_id: string | null;
  places: ColumnType<unknown, string, string>;
  attached_at: Timestamp;
}

export interface PlaceReservationsTable {
  reservation_id: string;
  user_id: string;
  kind: string;
  place: ColumnType<unknown, string, string>;
  handed_over_to: string;
  details: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export interface PlacesTables {
  place_entry_places: PlaceEntryPlacesTable;
  place_reservations: PlaceReservationsTable;
}

export const own = ownerOf<PlacesTables>();
