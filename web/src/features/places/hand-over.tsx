// The hand-over to a venue's own website, shared by hotel room details and restaurant booking.
// Nothing here books: the link opens the venue's own site (a real link, so it opens where the
// person's browser opens links), and, for a signed-in person, what they meant to book is kept in
// /account/reservations as their own record. A venue without a website says so and gives its phone.
import { useQueryClient } from '@tanstack/react-query';
import { getListReservationsQueryKey, useRecordReservation } from '../../../../generated/react-query/places/places';
import type { Place, ReservationDetails, ReservationRequestKind } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { toast } from '../../platform/toasts';
import { ExternalLink } from '../../ui/icons';
import { websiteHost } from './place-text';

type Props = { place: Place; kind: ReservationRequestKind; details: ReservationDetails; ready: boolean; onDone: () => void };

export function HandOver({ place, kind, details, ready, onDone }: Props) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const record = useRecordReservation({
    mutation: {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: getListReservationsQueryKey() });
        toast.success('Kept in your reservations.', { duration: 3000 });
        onDone();
      },
    },
  });
  const venue = kind === 'hotel' ? 'hotel' : place.kind === 'cafe' ? 'café' : place.kind === 'bar' ? 'bar' : 'restaurant';
  if (!place.website)
    return (
      <p className="rounded-xl bg-neutral-100 p-3 text-sm dark:bg-neutral-900" data-testid="no-booking-link">
        {place.name} gives no website in OpenStreetMap, so there is no booking page to hand you over to.
        {place.phone ? ` Call them to book: ${place.phone}.` : ' Contact them directly to book.'}
      </p>
    );
  const keep = () => {
    if (!user) return;
    record.mutate({
      data: {
        kind,
        place: { place_id: place.place_id, name: place.name, address: place.address, website: place.website, phone: place.phone },
        handed_over_to: place.website!,
        details,
      },
    });
  };
  return (
    <div className="space-y-2">
      <p className="text-sm text-neutral-600 dark:text-neutral-400" data-testid="hand-over-note">
        This server does not book. The {venue}’s own website takes the booking: continue on {websiteHost(place.website)} with these details.
        {user ? ' They are kept in your reservations so you can find them again.' : ' Sign in to keep them in your reservations.'}
      </p>
      {record.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problemMessage(record.error)}
        </p>
      )}
      <div className="flex justify-end">
        {ready ? (
          <a href={place.website} target="_blank" rel="noopener noreferrer" onClick={keep} className="btn-primary inline-flex items-center gap-1">
            Continue on {websiteHost(place.website)} <ExternalLink className="size-3.5" aria-hidden />
          </a>
        ) : (
          <button type="button" className="btn-primary" disabled>
            Continue on {websiteHost(place.website)}
          </button>
        )}
      </div>
    </div>
  );
}
