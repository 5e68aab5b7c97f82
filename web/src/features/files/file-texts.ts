// The file texts of seed 001 (§2, §3, §8), verbatim: components and tests share these.
export const FILE_TEXT = {
  deleteNotAllowed: 'Unable to delete files.',
  deleteFailed: 'Failed to delete file',
  downloading: 'Downloading file...',
  downloadFailed: 'Failed to download file',
  syncError: 'Sync error',
  ready: 'Ready',
  queued: 'Queued',
  searchFiles: 'Search files',
  empty: 'Files that you sync will be found here',
  indexingFailed: 'Indexing failed',
} as const;

/** Seed 001 §8 "Download errors", by the problem code the server gives (spec/paths/files.yaml). */
export const DOWNLOAD_DENIED = {
  downloads_disabled: 'Downloads are disabled for files in this organization.',
  pdf_untrusted_origin: 'PDF downloads are restricted',
  pdf_downloads_restricted: 'PDF downloads are restricted',
  different_organization: 'This file belongs to a different organization',
} as const;
export type DownloadDenial = keyof typeof DOWNLOAD_DENIED;
