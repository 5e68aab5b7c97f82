// The passage index as the answers' source: BM25 retrieval of services/passages over the corpora
// the asker may read (`help`, `user:<id>`, `org:<uuid>`, `space:<uuid>`), in one query, keeping
// only the passages the asker may read at their source (`principals`, connectors' readerPrincipals),
// and of those only the ones about the question (relevance.ts): BM25 ranks a passage sharing one
// common word, which no answer should quote.
import type { Db } from '../db/database.js';
import { type FoundPassage, HELP_CORPUS, searchPassages } from '../passages/index.js';
import { relevantOnly } from './relevance.js';
import type { ConnectorOrigin, Passage, SourceAdapter } from './types.js';

/** What a passage's source shows as its domain: `help` for the guide, else the corpus kind (`user`, `space`, ...). */
export const domainOf = (corpus: string) => corpus.split(':')[0];

export type PassageIndex = {
  name: string;
  /**
   * `principals`: who the asker is to the sources (none: only the passages every reader of their
   * corpora may read). `asked`: the question as asked when `query` is its follow-up form (relevance.ts).
   */
  search: (query: string, k: number, corpora: readonly string[], principals?: readonly string[], asked?: string) => Promise<Passage[]>;
};

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** A connector's citation metadata (services/connectors: document-feed.ts, and files' synced files), as the passage carries it. */
function connectorOf(citation: FoundPassage['citation']): ConnectorOrigin | undefined {
  const type = text(citation?.connection_type);
  if (!citation || !type) return undefined;
  const authors = citation.authors;
  return {
    connection_type: type,
    ...(text(citation.connector_type) ? { connector_type: text(citation.connector_type) } : {}),
    ...(text(citation.generated_file_title) ? { generated_file_title: text(citation.generated_file_title) } : {}),
    ...(Array.isArray(authors) ? { authors: authors.filter((a): a is string => typeof a === 'string') } : {}),
    ...('connection_file_url' in citation ? { connection_file_url: text(citation.connection_file_url) ?? null } : {}),
  };
}

export function passageSource(db: Db): PassageIndex {
  return {
    name: 'passages',
    search: async (question, k, corpora, principals = [], asked = question): Promise<Passage[]> =>
      relevantOnly(question, await searchPassages(db, corpora, question, k, principals), asked).map((p) => {
        const connector = connectorOf(p.citation);
        return {
          url: p.url,
          title: p.title,
          heading: p.heading,
          content: p.content,
          domain: text(p.citation?.domain_name) ?? domainOf(p.corpus),
          published_date: text(p.citation?.published_date) ?? null,
          ...(p.file_uuid && p.file_type && p.file_repository_type
            ? { file: { file_uuid: p.file_uuid, page: p.page, file_type: p.file_type, repository_type: p.file_repository_type } }
            : {}),
          ...(connector ? { connector } : {}),
        };
      }),
  };
}

/** The built-in guide alone. */
export function helpSource(db: Db): SourceAdapter {
  const index = passageSource(db);
  return { name: 'help', search: (question, k) => index.search(question, k, [HELP_CORPUS]) };
}
