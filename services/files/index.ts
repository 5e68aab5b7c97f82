// What other domains use of files (docs/architecture.md: a domain is used only through its index.ts).
export { deleteAllFiles } from './manage-use-cases.js';
export type { FilesContext } from './context.js';
export { fileRedactors } from './erasure.js';
export { filePassageFeed } from './file-passages.js';
export { filesProjection } from './projections.js';
export { imageUploadsProjection } from './images/projection.js';
export { fileRoutes } from './routes.js';
export { orgDownloadsDisabled, setOrgDownloadsDisabled } from './org-settings.js';
export { expireImageUpload, type ImageExpiryDeps } from './images/expiry.js';
export type { ImageUploadStarted } from './images/events.js';
export { expireUpload, type UploadExpiryDeps } from './upload-expiry.js';
export { type IndexDeps, indexFileVersion, recordOutcome } from './index-use-case.js';
export { INDEXING_FAILED } from './index-progress.js';
export { filesForExport, removeUnfinishedUploads } from './person-files.js';
export { fileRepositoryOf } from './queries.js';
export { deleteImportedFile, importFile, repositoryForImport, type ImportDeps, type ImportJob } from './import-use-case.js';
export { importFiles, type ImportResult } from './import-batch.js';
export { changeSyncedFileReaders, type ReadersDeps } from './readers-use-case.js';
