// The places modals' arguments (plain types: platform/modals/catalogue.ts imports them).
import type { Place, Reservation } from '../../../../generated/react-query/model';

export type MapModalArgs = { places: Place[]; selectedId?: string };
export type PlaceModalArgs = { place: Place };
/** Hotel room details and restaurant booking: the venue they hand over to. */
export type BookingModalArgs = { place: Place };
export type ReservationDetailsArgs = { reservation: Reservation };
