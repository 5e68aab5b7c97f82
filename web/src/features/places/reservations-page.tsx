// /account/reservations ('Reservations'): the hand-overs to venues' own booking pages the person
// kept, newest first, each opening its reservation details. Nothing here is a booking: the venues
// take those. Honest when there are none.
import { useListReservations } from '../../../../generated/react-query/places/places';
import type { ReservationList } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { handedOverOn, reservationSummary } from './reservation-text';

export const NO_RESERVATIONS =
  'No reservations yet. When an answer about a hotel or a restaurant hands you over to its own website to book, what you meant to book is kept here.';

export default function ReservationsPage() {
  const modals = useModals();
  const list = useListReservations({ query: { retry: false } });
  const reservations = (list.data?.data as ReservationList | undefined)?.reservations ?? [];
  return (
    <section aria-labelledby="section-heading" className="space-y-4">
      <h1 id="section-heading" className="text-2xl font-semibold tracking-tight">
        Reservations
      </h1>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Your own notes of the bookings you continued on venues’ websites. The bookings and their confirmations are the venues’.
      </p>
      {list.isPending && <p className="text-sm text-neutral-500">Loading…</p>}
      {list.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problemMessage(list.error)}
        </p>
      )}
      {list.data && reservations.length === 0 && <p className="text-neutral-600 dark:text-neutral-400">{NO_RESERVATIONS}</p>}
      <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
        {reservations.map((r) => (
          <li key={r.reservation_id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="reservation-row">
            <div>
              <p className="font-medium">{r.place.name}</p>
              <p className="text-sm text-neutral-600 dark:text-neutral-400">{reservationSummary(r)}</p>
              <p className="text-xs text-neutral-500">Handed over {handedOverOn(r)}</p>
            </div>
            <button type="button" className="btn-secondary" onClick={() => modals.open('reservationDetails', { reservation: r })}>
              Details
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
