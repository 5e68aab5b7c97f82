// Who may read one file, found by uuid or by its stored address (downloads): its repository's
// readers. An organisation file asked for by someone outside the organisation is the seeds'
// 'This file belongs to a different organization' on download, a plain 404 elsewhere.
import { requireUser } from '../identity/index.js';
import type { FilesContext } from './context.js';
import type { Actor, ActorUser } from '../shared/actor.js';
import { spaceActor, spaceView } from '../spaces/index.js';
import { checkFileDownloads, pdfDownloadsRestricted } from '../orgs/index.js';
import { fileNotFound } from './manage-use-cases.js';
import { findFile, findFileByKey, isWithheld, orgDownloadsDisabled, type FileRow } from './queries.js';
import { fileErrors } from './errors.js';

export { DIFFERENT_ORGANIZATION, DOWNLOADS_DISABLED, PDF_RESTRICTED } from './errors.js';

/** Who the signed-in person is to the connected sources: what lists, counts and opens synced files. */
export async function principalsOf(ctx: FilesContext, actor: Actor) {
  return ctx.readerPrincipals((await requireUser(actor)).id);
}

/** A synced file whose source names its readers is read only by them (its repository's readers first). */
export async function mayRead(ctx: FilesContext, user: ActorUser, row: FileRow) {
  if (!(await mayReadRepository(ctx, user, row))) return false;
  // Its connection disconnected: on its way out, opened by nobody (queries.ts's notWithheld).
  if (await isWithheld(ctx.db, row)) return false;
  if (!row.readers) return true;
  const principals = await ctx.readerPrincipals(user.id);
  return row.readers.some((r) => principals.includes(r));
}

async function mayReadRepository(ctx: FilesContext, user: ActorUser, row: FileRow) {
  switch (row.repo_type) {
    case 'USER':
      return row.repo_owner === user.id;
    case 'ORG':
      return row.repo_owner === user.org_uuid;
    case 'COLLECTION': {
      const view = await spaceView(ctx.db, row.repo_owner, spaceActor(user));
      return !!view?.readable;
    }
  }
}

export async function readableFile(ctx: FilesContext, actor: Actor, fileUuid: string) {
  const user = await requireUser(actor);
  const row = await findFile(ctx.db, fileUuid);
  if (!row || !(await mayRead(ctx, user, row))) throw fileNotFound();
  return row;
}

const DOWNLOAD_SECONDS = 5 * 60;

export async function downloadUrl(ctx: FilesContext, actor: Actor, fileUrl: string, viewMode: boolean) {
  const user = await requireUser(actor);
  const key = ctx.storage.keyOf(fileUrl);
  if (!key) {
    // Only this server's storage is trusted to serve a PDF (a PDF can carry scripts and links).
    if (isPdfAddress(fileUrl)) throw fileErrors.pdfUntrustedOrigin();
    throw fileNotFound();
  }
  const row = await findFileByKey(ctx.db, key);
  if (!row) throw fileNotFound();
  if (row.repo_type === 'ORG' && row.repo_owner !== user.org_uuid) throw fileErrors.differentOrganization();
  if (!(await mayRead(ctx, user, row))) throw fileNotFound();
  if (row.repo_type === 'ORG' && (await orgDownloadsDisabled(ctx.db, row.repo_owner))) throw fileErrors.downloadsDisabled();
  await checkFileDownloads(ctx.db, user.id);
  if (isPdfAddress(row.filename) && (await pdfDownloadsRestricted(ctx.db, user.id))) throw fileErrors.pdfRestricted();
  // The file's own bytes (its sealed copy), whichever of its addresses was given.
  const file_url = await ctx.storage.presignGet(row.object_key, { expiresInSeconds: DOWNLOAD_SECONDS, filename: row.filename, inline: viewMode });
  return { file_url, expires_at: new Date(ctx.now().getTime() + DOWNLOAD_SECONDS * 1000).toISOString() };
}

function isPdfAddress(text: string) {
  try {
    return new URL(text, 'http://x').pathname.toLowerCase().endsWith('.pdf');
  } catch {
    return false;
  }
}
