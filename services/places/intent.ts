// Whether a question is about places, and what to ask the geocoder for: a cheap rule, no model,
// like shopping's buying classifier. A place word ("restaurant", "hotel", "coffee", "museum",
// "things to do") or a place phrase ("where to eat", "near me", "nearby") makes it a place
// question; the words that only ask ("best", "recommend", "where can I find") leave the search
// terms; "near me" / "nearby" / "around here" ask for the person's position instead of a place name.

export type PlaceQuery = {
  /** What the geocoder searches for, e.g. "coffee near Alexanderplatz" or "sushi". */
  terms: string;
  /** The question asks for places around the person: the search needs their position. */
  nearMe: boolean;
};

const PLACE_WORDS =
  /\b(restaurants?|hotels?|hostels?|motels?|inns?|guest ?houses?|b&b|bed and breakfast|caf[eé]s?|coffee( shops?)?|bakery|bakeries|bars?|pubs?|brewery|breweries|bistros?|diners?|pizzerias?|pizza places?|sushi|ramen|tapas|brunch|museums?|galleries|gallery|sights?|sightseeing|attractions?|landmarks?|monuments?|parks?|zoos?|beaches|beach|viewpoints?|castles?|cathedrals?|churches|temples?|markets?|supermarkets?|pharmac(y|ies)|hospitals?|gas stations?|petrol stations?|parking|atms?|libraries|library|cinemas?|theat(re|er)s?|gyms?|things to do|places to (eat|stay|visit|go)|where to (eat|stay|sleep|drink|go)|somewhere to (eat|stay)|a place to (eat|stay))\b/i;
const NEAR_ME = /\b(near me|nearby|near here|close to me|around me|around here|in my area|closest|nearest)\b/i;
/** Words that carry no place: dropped from the search terms. */
const FILLER =
  /\b(i|i'm|im|me|my|we|us|want|need|looking|look|for|a|an|the|some|any|please|can|could|you|recommend|suggest|find|show|get|where|which|what|is|are|should|good|best|top|nice|great|cheap|decent|recommended|popular|famous|open|now|today|tonight|to|go|there|here)\b/gi;

/** True when the question reads as asking for places. */
export function isPlacesQuestion(question: string): boolean {
  const q = question.slice(0, 2000);
  if (!/\p{L}{3,}/u.test(q)) return false;
  return PLACE_WORDS.test(q) || NEAR_ME.test(q);
}

/** The geocoder's search terms for a place question, and whether it needs the person's position. */
export function placeQueryOf(question: string): PlaceQuery {
  const q = question.slice(0, 2000);
  const nearMe = NEAR_ME.test(q);
  const terms = q
    .replace(new RegExp(NEAR_ME.source, 'gi'), ' ')
    .replace(/[^\p{L}\p{N}\s&'-]/gu, ' ')
    .replace(FILLER, ' ')
    // "… in", "… near", "… around" left dangling at either end by the words taken out.
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(in|near|around|at|of)\s+/i, '')
    .replace(/\s+(in|near|around|at|of)$/i, '')
    .split(' ')
    .slice(0, 12)
    .join(' ')
    .slice(0, 200)
    .trim();
  return { terms, nearMe };
}
