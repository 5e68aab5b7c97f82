// A thread's recorded sources as one reader sees them (issue 32). An answer keeps the sources it
// was given; a connector's item among them (a Slack message, a Drive file) is shown only to a
// reader who may read it at its source now. To anyone else it is a neutral entry in its place,
// 'Source not available to you': no title, snippet, link or author, only which connector it came
// through, so the answer's citation numbers still point at the right sources. Whether a reader
// may read an item is the connectors' rule, reached through the SourceAccess port (services/app).
import type { SourceData } from './events.js';
import type { EntryRow } from './views.js';

export const UNAVAILABLE_SOURCE_NAME = 'Source not available to you';

export type SourceAccess = {
  /** For each source, in order: whether the reader (null: signed out) may see it. */
  readable: (userId: string | null, sources: readonly SourceData[]) => Promise<boolean[]>;
};

/** What is left of a source the reader may not see. */
export function unavailableSource(source: SourceData): SourceData & { is_unavailable: true } {
  const type = source.meta_data?.connection_type;
  return { url: '', name: UNAVAILABLE_SOURCE_NAME, snippet: '', ...(type ? { meta_data: { connection_type: type } } : {}), is_unavailable: true };
}

/** The sources with those the reader may not see replaced in place. */
export async function visibleSources(access: SourceAccess, userId: string | null, sources: readonly SourceData[]): Promise<SourceData[]> {
  if (!sources.length) return [];
  const readable = await access.readable(userId, sources);
  return sources.map((s, i) => (readable[i] ? s : unavailableSource(s)));
}

/** Every entry's sources as the reader sees them, asked about all at once. */
export async function visibleEntries<E extends Pick<EntryRow, 'sources'>>(access: SourceAccess, userId: string | null, entries: readonly E[]): Promise<E[]> {
  const all = entries.flatMap((e) => (e.sources ?? []) as SourceData[]);
  if (!all.length) return [...entries];
  const shown = await visibleSources(access, userId, all);
  let at = 0;
  return entries.map((e) => {
    const n = (e.sources ?? []).length;
    const sources = shown.slice(at, at + n);
    at += n;
    return { ...e, sources };
  });
}
