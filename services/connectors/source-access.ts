// Whether a reader of a thread may see each of its recorded sources (issue 32): a connector's item
// (an app's document, a synced file) only when they may read it at its source now, as a search
// would let them: its passages are still indexed, in a corpus they may read (their own, their
// organisation's, a Space they read), with readers null or among their principals. Other
// sources (the web, the guide, uploads, memories) are the thread's own business (threads' read rule).
import type { Db } from '../db/database.js';
import { orgOf } from '../identity/index.js';
import { type PassagePlace, orgCorpus, passagePlacesOf, userCorpus } from '../passages/index.js';
import { readsSpace } from '../spaces/index.js';
import { readerPrincipals } from './reader-principals.js';

/** What of a recorded source tells where it came from (threads' SourceData). */
export type RecordedSource = { url: string; meta_data?: { connection_type?: string; file_uuid?: string } };

/** A connector's item: its citation named the connector it came through. */
export const isConnectorSource = (s: RecordedSource) => typeof s.meta_data?.connection_type === 'string' && s.meta_data.connection_type !== '';

const SPACE_PREFIX = 'space:';

/** For each source, in order: whether `userId` (null: signed out) may see it. */
export async function connectorSourcesReadable(db: Db, userId: string | null, sources: readonly RecordedSource[]): Promise<boolean[]> {
  const connector = sources.map(isConnectorSource);
  if (!connector.includes(true)) return sources.map(() => true);
  // Signed out: nobody's principals, no corpus but the guide's, which holds no connector's item.
  if (!userId) return connector.map((c) => !c);
  const wanted = sources.filter((_, i) => connector[i]);
  const [places, principals, org] = await Promise.all([
    passagePlacesOf(db, {
      fileUuids: wanted.flatMap((s) => (s.meta_data?.file_uuid ? [s.meta_data.file_uuid] : [])),
      urls: wanted.flatMap((s) => (s.meta_data?.file_uuid ? [] : [s.url])),
    }),
    readerPrincipals(db, userId),
    orgOf(db, userId),
  ]);
  const corpora = new Set([userCorpus(userId), ...(org ? [orgCorpus(org)] : [])]);
  const placesOf = (s: RecordedSource) => (s.meta_data?.file_uuid ? places.byFile.get(s.meta_data.file_uuid) : places.byUrl.get(s.url)) ?? [];
  // The Spaces whose corpora hold these items, each asked once.
  const spaces = [
    ...new Set(
      wanted
        .flatMap(placesOf)
        .map((p) => p.corpus)
        .filter((c) => c.startsWith(SPACE_PREFIX)),
    ),
  ];
  const readSpaces = await Promise.all(spaces.map((c) => readsSpace(db, c.slice(SPACE_PREFIX.length), userId)));
  for (const [i, c] of spaces.entries()) if (readSpaces[i]) corpora.add(c);
  const readable = (p: PassagePlace) => corpora.has(p.corpus) && (p.readers === null || p.readers.some((r) => principals.includes(r)));
  return sources.map((s, i) => !connector[i] || placesOf(s).some(readable));
}
