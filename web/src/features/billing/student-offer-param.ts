// The checkout page's query parameter that asks for the student offer: the server applies the
// offer's promotion code for a verified student, so the address never carries the code.
export const STUDENT_OFFER_PARAM = 'student_offer';
