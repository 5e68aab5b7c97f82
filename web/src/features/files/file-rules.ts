// Which repositories allow deleting (seed 001 §5): "Delete allowed for USER, ORG, or COLLECTION
// with an owner; otherwise 'Unable to delete files.'" The same owner rule as uploads.
import type { RepositoryRef } from './file-keys';
import { DEFAULT_COLLECTION_OWNER } from './upload/upload-rules';

export function canDeleteFrom(repo: RepositoryRef): boolean {
  if (repo.file_repository_type === 'USER' || repo.file_repository_type === 'ORG') return true;
  const owner = repo.owner_id?.trim() ?? '';
  return repo.file_repository_type === 'COLLECTION' && owner !== '' && owner !== DEFAULT_COLLECTION_OWNER;
}

/** Images are attachments: they download through downloadAttachment. */
export const isImageFile = (f: { is_attachment?: boolean; file_type?: string; name?: string; filename?: string }) =>
  f.is_attachment ?? /\.(png|jpe?g)$/i.test(f.filename ?? f.name ?? '');

export const isPdfFile = (f: { file_type?: string; name?: string; filename?: string }) => f.file_type === 'pdf' || /\.pdf$/i.test(f.filename ?? f.name ?? '');
