// The reservation details modal: one record of a hand-over to a venue's own booking page (what the
// person meant to book, where they were sent, when), a way back to that page, and removal. It says
// plainly that the booking itself, and its confirmation, are the venue's.
import { useQueryClient } from '@tanstack/react-query';
import { getListReservationsQueryKey, useRemoveReservation } from '../../../../generated/react-query/places/places';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { ExternalLink } from '../../ui/icons';
import { ModalTitle } from '../../ui/modal-parts';
import { websiteHost } from './place-text';
import type { ReservationDetailsArgs } from './places-args';
import { handedOverOn, reservationSummary } from './reservation-text';

export default function ReservationDetailsModal({ args, close }: ModalProps<ReservationDetailsArgs>) {
  const r = args.reservation;
  const queryClient = useQueryClient();
  const remove = useRemoveReservation({
    mutation: {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: getListReservationsQueryKey() });
        close();
      },
    },
  });
  return (
    <div className="space-y-4" data-testid="reservation-details">
      <ModalTitle>Reservation details</ModalTitle>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-neutral-500">Place</dt>
        <dd className="font-medium">{r.place.name}</dd>
        <dt className="text-neutral-500">Address</dt>
        <dd>{r.place.address || 'Not given'}</dd>
        <dt className="text-neutral-500">{r.kind === 'hotel' ? 'Stay' : 'Table'}</dt>
        <dd>{reservationSummary(r)}</dd>
        {r.details.note && (
          <>
            <dt className="text-neutral-500">Note</dt>
            <dd>{r.details.note}</dd>
          </>
        )}
        <dt className="text-neutral-500">Handed over</dt>
        <dd>
          {handedOverOn(r)} to{' '}
          <a href={r.handed_over_to} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
            {websiteHost(r.handed_over_to)} <ExternalLink className="size-3" aria-hidden />
          </a>
        </dd>
        {r.place.phone && (
          <>
            <dt className="text-neutral-500">Phone</dt>
            <dd>{r.place.phone}</dd>
          </>
        )}
      </dl>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        This is your own note of what you meant to book. The booking, and its confirmation, are made with the venue on its website.
      </p>
      {remove.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problemMessage(remove.error)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" disabled={remove.isPending} onClick={() => remove.mutate({ reservationId: r.reservation_id })}>
          Remove
        </button>
        <button type="button" className="btn-primary" onClick={close}>
          Done
        </button>
      </div>
    </div>
  );
}
