// A place's facts as the source gives them: address, opening hours, phone, the venue's own website
// and the place on OpenStreetMap.
import type { Place } from '../../../../generated/react-query/model';
import { ExternalLink } from '../../ui/icons';
import { kindLabel, websiteHost } from './place-text';

export function PlaceFacts({ place }: { place: Place }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-neutral-500">Kind</dt>
      <dd>
        {kindLabel(place)}
        {place.cuisine ? ` · ${place.cuisine}` : ''}
        {place.stars ? ` · ${place.stars}★` : ''}
      </dd>
      <dt className="text-neutral-500">Address</dt>
      <dd>{place.address || 'Not given'}</dd>
      {place.opening_hours && (
        <>
          <dt className="text-neutral-500">Opening hours</dt>
          <dd>{place.opening_hours}</dd>
        </>
      )}
      {place.phone && (
        <>
          <dt className="text-neutral-500">Phone</dt>
          <dd>
            <a href={`tel:${place.phone.replace(/[^+\d]/g, '')}`} className="underline-offset-2 hover:underline">
              {place.phone}
            </a>
          </dd>
        </>
      )}
      <dt className="text-neutral-500">Website</dt>
      <dd>
        {place.website ? (
          <a href={place.website} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
            {websiteHost(place.website)} <ExternalLink className="size-3" aria-hidden />
          </a>
        ) : (
          'None given'
        )}
      </dd>
      <dt className="text-neutral-500">Map</dt>
      <dd>
        <a href={place.osm_url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
          On OpenStreetMap <ExternalLink className="size-3" aria-hidden />
        </a>
      </dd>
    </dl>
  );
}
