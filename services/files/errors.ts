// The files domain's errors, thrown by its rules and use cases: each a stable code, a kind (its
// status at the edge) and the seeds' text where there is one.
import { DomainError } from '../shared/domain-error.js';
import { TOO_LARGE, UNSUPPORTED_TYPE } from './file-types.js';
import type { LimitCode } from './plan-limits.js';
import { LIMIT_MESSAGES } from './plan-limits.js';

export const FILE_NOT_FOUND = 'No such file in this repository.';
export const DOWNLOADS_DISABLED = 'Downloads are disabled for files in this organization.';
export const PDF_RESTRICTED = 'PDF downloads are restricted';
export const DIFFERENT_ORGANIZATION = 'This file belongs to a different organization';
export const UNABLE_TO_UPLOAD = 'Unable to upload files.';
export const UNABLE_TO_DELETE = 'Unable to delete files.';
export const ENTERPRISE_ONLY = 'Organisation files are for members of an Enterprise organisation.';

export const fileErrors = {
  fileNotFound: () => new DomainError('not_found', 'file_not_found', FILE_NOT_FOUND),
  notSyncedFile: () => new DomainError('conflict', 'file_not_synced', 'Only a file synced from a connector has readers at its source; this one was uploaded.'),
  fileDeleted: () => new DomainError('conflict', 'file_deleted', 'This file was deleted; upload it again as a new file.'),
  fileExists: (filename: string) => new DomainError('conflict', 'file_exists', `${filename} is already in this repository; replace it to upload it again.`),
  uploadExpired: (filename: string) =>
    new DomainError('invalid', 'upload_expired', `The upload of ${filename} expired before it was indexed; upload it again.`),
  repositoryNotFound: () => new DomainError('not_found', 'repository_not_found', 'No such file repository.'),
  organizationNotFound: () => new DomainError('not_found', 'organization_not_found', 'No such organisation.'),
  notOrgAdmin: () => new DomainError('forbidden', 'not_org_admin', "Only the organisation's owners and admins change its file settings."),
  enterpriseOnly: () => new DomainError('forbidden', 'enterprise_only', ENTERPRISE_ONLY),
  uploadNotAllowed: () => new DomainError('forbidden', 'upload_not_allowed', UNABLE_TO_UPLOAD),
  deleteNotAllowed: () => new DomainError('forbidden', 'delete_not_allowed', UNABLE_TO_DELETE),
  pdfRestricted: () => new DomainError('forbidden', 'pdf_downloads_restricted', PDF_RESTRICTED),
  pdfUntrustedOrigin: () => new DomainError('forbidden', 'pdf_untrusted_origin', PDF_RESTRICTED),
  differentOrganization: () => new DomainError('forbidden', 'different_organization', DIFFERENT_ORGANIZATION),
  downloadsDisabled: () => new DomainError('forbidden', 'downloads_disabled', DOWNLOADS_DISABLED),
  unsupportedFileType: (filename: string) => new DomainError('invalid', 'unsupported_file_type', UNSUPPORTED_TYPE(filename)),
  fileTooLarge: (filename: string, maxBytes: number) => new DomainError('invalid', 'file_too_large', TOO_LARGE(filename, maxBytes)),
  imageTooLarge: (filename: string, maxMb: number) =>
    new DomainError('invalid', 'file_too_large', `${filename} is larger than ${maxMb} MB, the most an image may be.`),
  emptyFile: (filename: string) => new DomainError('invalid', 'empty_file', `${filename} is empty.`),
  duplicateFile: () => new DomainError('invalid', 'duplicate_file', 'Each file may be submitted once per call.'),
  fileNotUploaded: (filename: string) => new DomainError('invalid', 'file_not_uploaded', `${filename} was not uploaded: upload it before indexing it.`),
  /** Seed 001 §8: the plan's repository or per-user file limit is reached. */
  limitReached: (code: LimitCode, limit: number) => new DomainError('unprocessable', code, LIMIT_MESSAGES[code](limit)),
  tooManyFiles: () => new DomainError('invalid', 'too_many_files', 'Follow at most 100 files at a time.'),
  invalidCursor: () => new DomainError('invalid', 'invalid_cursor', 'This cursor is not one a list gave out.'),
};
