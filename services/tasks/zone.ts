// Wall-clock time in an IANA time zone and back, with the platform's Intl data only. A wall time
// in a daylight-saving gap (02:30 on the spring-forward night) is the moment the gap ends plus
// the same distance (03:30), as RFC 5545 says; one that happens twice (the fall-back hour) is
// its first.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** Whether Intl knows the zone (an IANA name such as Europe/Paris, or UTC). */
export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || !tz || tz.length > 64) return false;
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/**
 * The wall-clock time of an instant in `tz`, as a Date whose UTC fields are that wall time
 * (the "floating" form rrule expands). Seconds and milliseconds are kept.
 */
export function wallOf(instant: Date, tz: string): Date {
  const parts: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, instant.getUTCMilliseconds()));
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
const offsetAt = (ms: number, tz: string) => wallOf(new Date(ms), tz).getTime() - ms;

/** The instant a wall-clock time (UTC fields of `wall`) happens in `tz`; see the file's note for gaps and repeats. */
export function instantOf(wall: Date, tz: string): Date {
  const w = wall.getTime();
  // Offsets a day either side hold the two sides of any change near this wall time.
  const before = offsetAt(w - 86_400_000, tz);
  const after = offsetAt(w + 86_400_000, tz);
  const fits = [w - before, w - after].filter((t) => offsetAt(t, tz) === w - t);
  if (fits.length) return new Date(Math.min(...fits));
  // In a gap: read with the offset before the change, which lands as far past the gap's end.
  return new Date(w - before);
}
