// Who may do what in a repository (seed 001 §5-6): everyone signed in has My Files; ORG is for
// Enterprise organisation members; a Space's files follow the Space (readers read, editors change
// sources). Asking about a repository one may not read answers 404, never what is in it.
import { requireUser } from '../identity/index.js';
import type { Db } from '../db/database.js';
import type { Actor } from '../shared/actor.js';
import { canEditSources, spaceActor, spaceView, spaceErrors } from '../spaces/index.js';
import { orgCorpus, spaceCorpus, userCorpus } from '../passages/index.js';
import type { Repository, RepositoryType } from './events.js';
import { fileErrors } from './errors.js';

export { ENTERPRISE_ONLY, UNABLE_TO_DELETE, UNABLE_TO_UPLOAD } from './errors.js';

export type RepositoryInfo = { file_repository_type: RepositoryType; owner_id?: string | null };
export type RepositoryAccess = { repository: Repository; canChange: boolean };

const notFound = fileErrors.repositoryNotFound;

/** The repository the caller names, with its owner filled in, if they may read it. */
export async function openRepository(db: Db, actor: Actor, info: RepositoryInfo): Promise<RepositoryAccess> {
  const user = await requireUser(actor);
  const owner = info.owner_id?.trim() || null;
  switch (info.file_repository_type) {
    case 'USER':
      if (owner && owner !== user.id) throw notFound();
      return { repository: { type: 'USER', owner_id: user.id }, canChange: true };
    case 'ORG':
      if (!user.org_uuid) throw fileErrors.enterpriseOnly();
      if (owner && owner !== user.org_uuid) throw notFound();
      return { repository: { type: 'ORG', owner_id: user.org_uuid }, canChange: true };
    case 'COLLECTION': {
      // The default Bookmarks collection has no owner: nothing to read, nothing to change.
      if (!owner) throw notFound();
      const view = await spaceView(db, owner, spaceActor(user));
      if (!view?.readable) throw spaceErrors.notFound();
      return { repository: { type: 'COLLECTION', owner_id: view.space.uuid }, canChange: canEditSources(view.level) };
    }
  }
}

export function requireChange(access: RepositoryAccess, action: 'upload' | 'delete') {
  if (access.canChange) return;
  throw action === 'upload' ? fileErrors.uploadNotAllowed() : fileErrors.deleteNotAllowed();
}

/** The passage corpus a repository's files are indexed into, which readableCorpora and Spaces already search. */
export function corpusOf(repository: Repository) {
  switch (repository.type) {
    case 'USER':
      return userCorpus(repository.owner_id);
    case 'ORG':
      return orgCorpus(repository.owner_id);
    case 'COLLECTION':
      return spaceCorpus(repository.owner_id);
  }
}
