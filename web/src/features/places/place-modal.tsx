// The place modal: one place's facts and its pin on the map, and, for a hotel or an eating place,
// the way to its own booking (hotel room details, restaurant booking).
import type { ModalProps } from '../../platform/modals/types';
import { useModals } from '../../platform/modals/context';
import { ModalTitle } from '../../ui/modal-parts';
import { LazyPlacesMap } from './lazy-map';
import { PlaceFacts } from './place-facts';
import { bookingModalOf } from './place-text';
import type { PlaceModalArgs } from './places-args';

export default function PlaceModal({ args, close }: ModalProps<PlaceModalArgs>) {
  const modals = useModals();
  const { place } = args;
  const booking = bookingModalOf(place);
  return (
    <div className="space-y-4" data-testid="place-modal">
      <ModalTitle>{place.name}</ModalTitle>
      <LazyPlacesMap places={[place]} selectedId={place.place_id} className="h-48 w-full rounded-xl" />
      <PlaceFacts place={place} />
      <div className="flex flex-wrap justify-end gap-2">
        {booking && (
          <button type="button" className="btn-secondary" onClick={() => modals.open(booking, { place })}>
            {booking === 'hotelRoomDetails' ? 'Room details' : 'Book a table'}
          </button>
        )}
        <button type="button" className="btn-primary" onClick={close}>
          Done
        </button>
      </div>
    </div>
  );
}
