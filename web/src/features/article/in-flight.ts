// Seed 003 §4 "Article in flight": an article is in flight when any section has status pending
// (case-insensitive). If the latest section is pending, the latest is in flight. The first pending
// section that has a backend_uuid is the one currently streaming.
type Section = { status?: string | null; backend_uuid?: string | null };

export const isPending = (section: Section) => (section.status ?? '').toLowerCase() === 'pending';

export function isInFlight(entries: readonly Section[]) {
  return entries.some(isPending);
}

/** The latest section when it is pending, else undefined. */
export function latestInFlight<S extends Section>(entries: readonly S[]): S | undefined {
  const latest = entries.at(-1);
  return latest && isPending(latest) ? latest : undefined;
}

export function streamingSection<S extends Section>(entries: readonly S[]): S | undefined {
  return entries.find((e) => isPending(e) && !!e.backend_uuid);
}
