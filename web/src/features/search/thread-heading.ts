// The thread page's heading: the first question, or the thread's title once its owner renamed it
// (a title that is not the one the server gives a new thread: the question, cut at 100 characters).

/** The title a new thread gets from its first question (services/threads/decide.ts). */
export const defaultTitle = (query: string) => (query.length > 100 ? `${query.slice(0, 99)}…` : query);

/** The renamed title, or null while the thread keeps the title its first question gave it. */
export function renamedTitle(title: string | null | undefined, firstQuery: string): string | null {
  const t = title?.trim();
  return t && t !== defaultTitle(firstQuery) ? t : null;
}
