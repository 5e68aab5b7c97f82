// What an organisation lets its members do, asked by other domains before they act (through
// index.ts): each check passes for someone in no organisation, and refuses with a 403 of this
// domain's catalogue when the organisation says no.
import type { Db } from '../db/database.js';
import { accessOf } from './decide.js';
import { orgErrors } from './errors.js';
import { policyRowOf } from './queries.js';

const isManager = (role: string) => role === 'owner' || role === 'admin';

async function accessFor(db: Db, userId: string | null) {
  if (!userId) return null;
  const row = await policyRowOf(db, userId);
  return row ? { row, access: accessOf(row.user_access, { user_id: userId, role: row.role }) } : null;
}

/** Making a thread public: refused when the person's organisation does not allow public sharing. */
export async function checkPublicSharing(db: Db, userId: string | null) {
  const row = userId ? await policyRowOf(db, userId) : null;
  if (row && !row.public_sharing_allowed) throw orgErrors.publicSharingNotAllowed();
}

/** Creating a Space: refused for members who are not owners or admins when only admins may. */
export async function checkSpaceCreation(db: Db, userId: string | null) {
  const row = userId ? await policyRowOf(db, userId) : null;
  if (row && row.space_creation === 'admins' && !isManager(row.role)) throw orgErrors.spaceCreationNotAllowed();
}

export async function checkFileUploads(db: Db, userId: string | null) {
  const a = await accessFor(db, userId);
  if (a && !a.access.file_uploads) throw orgErrors.fileUploadsNotAllowed();
}

export async function checkFileDownloads(db: Db, userId: string | null) {
  const a = await accessFor(db, userId);
  if (a && !a.access.file_downloads) throw orgErrors.fileDownloadsNotAllowed();
}

/** Whether the person may search the web (true outside an organisation). */
export async function mayUseWebSearch(db: Db, userId: string | null) {
  const a = await accessFor(db, userId);
  return !a || a.access.web_search;
}

/** Asking in `web` mode: refused when the person may not search the web. */
export async function checkWebSearch(db: Db, userId: string | null) {
  if (!(await mayUseWebSearch(db, userId))) throw orgErrors.webSearchNotAllowed();
}

/** PDF downloads restricted by the person's organisation. */
export async function pdfDownloadsRestricted(db: Db, userId: string | null) {
  const row = userId ? await policyRowOf(db, userId) : null;
  return !!row?.pdf_downloads_restricted;
}
