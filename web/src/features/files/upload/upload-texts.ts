// The upload texts of seed 001 (§2, §8), verbatim: tests and components share these.
export const UPLOAD_TEXT = {
  notAllowed: 'Unable to upload files.',
  uploadFailed: 'Failed to upload file',
  urlsFailed: 'Failed to get fileUploadUrl',
  indexingFailed: 'Indexing failed',
  dropIdle: 'Drop your files here.',
  dropList: 'Dropped files appear here.',
  dropDisabled: 'Drop zone disabled',
  localFiles: 'Local files',
  addConnectors: 'Add connectors',
  readyToSearch: 'Ready to search',
} as const;

const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

/** 'Syncing N files' while an upload runs. */
export const syncingText = (n: number) => `Syncing ${files(n)}`;
/** 'N files synced' once it is done. */
export const syncedText = (n: number) => `${files(n)} synced`;
export const errorCountText = (n: number) => `${n} ${n === 1 ? 'error' : 'errors'}`;
