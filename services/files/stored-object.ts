// Where a repository's uploads are kept: `files/<repository>/<owner>/<file uuid>/<upload>/<name>`.
// The prefix ties an object to its file and repository, so indexing can check that what it is
// given was uploaded for that file there; the name keeps only safe characters (no path escapes).
import type { Repository } from './events.js';

export const filePrefix = (repo: Repository, fileUuid: string) => `files/${repo.type.toLowerCase()}/${safeSegment(repo.owner_id)}/${fileUuid}/`;

export const objectKeyFor = (repo: Repository, fileUuid: string, uploadId: string, filename: string) =>
  `${filePrefix(repo, fileUuid)}${uploadId}/${safeFilename(filename)}`;

/**
 * Where a submitted upload's bytes are kept: a copy outside `files/`, a key no upload form ever
 * names, so replaying a form (S3 accepts it until the form's deadline) cannot change what was
 * indexed and what downloads serve.
 */
export const sealedKeyFor = (uploadKey: string) => `sealed/${uploadKey.replace(/^files\//, '')}`;

const safeSegment = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_') || '_';

/** The file name's safe form: other characters become `_`, at most 100 characters, extension kept. */
export function safeFilename(filename: string) {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const safe = safeSegment(base);
  if (safe.length <= 100) return safe;
  const dot = safe.lastIndexOf('.');
  const ext = dot > 0 && safe.length - dot <= 10 ? safe.slice(dot) : '';
  return safe.slice(0, 100 - ext.length) + ext;
}
