// Which passage corpora a person may retrieve from: the help guide for everyone, plus their own
// corpus and their organisation's when signed in. Spaces add their corpora here later.
import type { Db } from '../db/database.js';
import { orgOf } from '../identity/index.js';
import { HELP_CORPUS, orgCorpus, userCorpus } from '../passages/index.js';

export async function readableCorpora(db: Db, viewer: { user_id: string | null }): Promise<string[]> {
  if (!viewer.user_id) return [HELP_CORPUS];
  // The same organisation the session shows.
  const org = await orgOf(db, viewer.user_id);
  return [HELP_CORPUS, userCorpus(viewer.user_id), ...(org ? [orgCorpus(org)] : [])];
}
