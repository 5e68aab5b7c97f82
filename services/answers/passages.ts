// The passage index as the answers' source: BM25 retrieval of services/passages over the corpora
// the asker may read (`help`, `user:<id>`, `org:<uuid>`, `space:<uuid>`), in one query.
import type { Db } from '../db/database.js';
import { HELP_CORPUS, searchPassages } from '../passages/index.js';
import type { Passage, SourceAdapter } from './types.js';

/** What a passage's source shows as its domain: `help` for the guide, else the corpus kind (`user`, `space`, ...). */
export const domainOf = (corpus: string) => corpus.split(':')[0];

export type PassageIndex = { name: string; search: (query: string, k: number, corpora: readonly string[]) => Promise<Passage[]> };

export function passageSource(db: Db): PassageIndex {
  return {
    name: 'passages',
    search: async (question, k, corpora): Promise<Passage[]> =>
      (await searchPassages(db, corpora, question, k)).map((p) => ({
        url: p.url,
        title: p.title,
        heading: p.heading,
        content: p.content,
        domain: domainOf(p.corpus),
        published_date: null,
        ...(p.file_uuid && p.file_type && p.file_repository_type
          ? { file: { file_uuid: p.file_uuid, page: p.page, file_type: p.file_type, repository_type: p.file_repository_type } }
          : {}),
      })),
  };
}

/** The built-in guide alone. */
export function helpSource(db: Db): SourceAdapter {
  const index = passageSource(db);
  return { name: 'help', search: (question, k) => index.search(question, k, [HELP_CORPUS]) };
}
