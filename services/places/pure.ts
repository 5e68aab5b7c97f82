// What the mocks and the web may use of places without the server's parts: the classifier, the
// rules and the error catalogue (no database, no network).
export { isPlacesQuestion, placeQueryOf } from './intent.js';
export { checkedDetails, decideRecordReservation, decideRemoveReservation, isWebAddress } from './decide.js';
export { placesErrors, RESERVATIONS_MAX } from './errors.js';
export { evolveReservations, initialReservations } from './events.js';
export { MAX_PLACES, type Place } from './place.js';
