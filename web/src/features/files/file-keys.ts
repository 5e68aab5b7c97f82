// Query keys of the file features. Everything of one repository sits under `repositoryKey`, so an
// upload or a delete refreshes its lists, summary and Space view with one invalidation.
import type { FileRepositoryInfo } from '../../../../generated/react-query/model';

export type RepositoryRef = { file_repository_type: FileRepositoryInfo['file_repository_type']; owner_id?: string | null };

export const filesRoot = ['files'] as const;
export const repositoryKey = (repo: RepositoryRef) => [...filesRoot, repo.file_repository_type, repo.owner_id ?? null] as const;
export const fileListKey = (repo: RepositoryRef, params: Record<string, unknown>) => [...repositoryKey(repo), 'list', params] as const;
export const fileSummaryKey = (repo: RepositoryRef) => [...repositoryKey(repo), 'summary'] as const;
export const spaceFilesKey = (spaceUuid: string) => [...repositoryKey({ file_repository_type: 'COLLECTION', owner_id: spaceUuid }), 'space-files'] as const;
export const fileViewKey = (fileUuid: string, page: number | null) => [...filesRoot, 'file', fileUuid, page] as const;

export const MY_FILES: RepositoryRef = { file_repository_type: 'USER', owner_id: null };
export const ORG_FILES: RepositoryRef = { file_repository_type: 'ORG', owner_id: null };
export const spaceRepository = (spaceUuid: string): RepositoryRef => ({ file_repository_type: 'COLLECTION', owner_id: spaceUuid });
