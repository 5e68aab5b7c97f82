// The map modal: all of an answer's places on a larger map with their list; a pin or a name opens
// the place.
import type { Place } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { LazyPlacesMap } from './lazy-map';
import { kindLabel } from './place-text';
import type { MapModalArgs } from './places-args';

export default function MapModal({ args, close }: ModalProps<MapModalArgs>) {
  const modals = useModals();
  const openPlace = (place: Place) => modals.open('place', { place });
  return (
    <div className="space-y-4" data-testid="map-modal">
      <ModalTitle>Map</ModalTitle>
      <LazyPlacesMap places={args.places} selectedId={args.selectedId} onSelect={openPlace} className="h-96 w-full rounded-xl" />
      <ol className="divide-y divide-neutral-200 text-sm dark:divide-neutral-800">
        {args.places.map((p) => (
          <li key={p.place_id}>
            <button type="button" className="w-full py-2 text-left hover:underline focus-visible:outline-2" onClick={() => openPlace(p)}>
              <span className="font-medium">{p.name}</span> <span className="text-neutral-500">· {kindLabel(p)}</span>
              <span className="block text-neutral-600 dark:text-neutral-400">{p.address}</span>
            </button>
          </li>
        ))}
      </ol>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={close}>
          Done
        </button>
      </div>
    </div>
  );
}
