// Arguments of the two upload modals (registry: uploadFiles, spaceUploadFiles). Kept apart from
// the modal so the modal catalogue's types do not pull the modal into the first load.
import type { RepositoryRef } from '../file-keys';

export type UploadFilesArgs = { repository: RepositoryRef };
