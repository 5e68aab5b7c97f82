// How a place's kind and facts read in cards and modals.
import type { Place } from '../../../../generated/react-query/model';

const KIND_LABELS: Record<Place['kind'], string> = {
  restaurant: 'Restaurant',
  cafe: 'Café',
  bar: 'Bar',
  hotel: 'Hotel',
  sight: 'Sight',
  shop: 'Shop',
  other: 'Place',
};

export const kindLabel = (p: Place) => {
  const category = p.category.replace(/_/g, ' ');
  const label = KIND_LABELS[p.kind];
  return p.kind === 'other' || p.kind === 'sight' || p.kind === 'shop' ? category.charAt(0).toUpperCase() + category.slice(1) : label;
};

/** The booking modal a place's card offers: a hotel's room details, an eating place's table. */
export const bookingModalOf = (p: Place): 'hotelRoomDetails' | 'restaurantBooking' | null =>
  p.kind === 'hotel' ? 'hotelRoomDetails' : p.kind === 'restaurant' || p.kind === 'cafe' || p.kind === 'bar' ? 'restaurantBooking' : null;

export const websiteHost = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** A whole number from 1 to max as typed, or null (the booking rule then says what is missing). */
export const wholeIn = (typed: string, max: number) => (/^\d{1,3}$/.test(typed) && Number(typed) >= 1 && Number(typed) <= max ? Number(typed) : null);
