// An organisation's file settings: members read them, owners and admins change them.
import type { FilesContext } from './context.js';
import type { SessionUser } from '../identity/index.js';
import { orgFilesStream } from './events.js';
import { orgDownloadsDisabled } from './queries.js';
import { fileErrors } from './errors.js';

const ADMIN_ROLES = ['owner', 'admin'];

async function roleIn(ctx: FilesContext, user: SessionUser, orgUuid: string) {
  const row = await ctx.db.selectFrom('member').select('role').where('organizationId', '=', orgUuid).where('userId', '=', user.id).executeTakeFirst();
  if (!row) throw fileErrors.organizationNotFound();
  return row.role;
}

export async function getOrgFileSettings(ctx: FilesContext, user: SessionUser, orgUuid: string) {
  await roleIn(ctx, user, orgUuid);
  return { downloads_disabled: await orgDownloadsDisabled(ctx.db, orgUuid) };
}

export async function setOrgFileSettings(ctx: FilesContext, user: SessionUser, orgUuid: string, downloadsDisabled: boolean) {
  const role = await roleIn(ctx, user, orgUuid);
  if (!role.split(',').some((r) => ADMIN_ROLES.includes(r.trim()))) throw fileErrors.notOrgAdmin();
  // A change that changes nothing writes nothing.
  if ((await orgDownloadsDisabled(ctx.db, orgUuid)) !== downloadsDisabled)
    await ctx.store.append(orgFilesStream(orgUuid), 'any', [
      {
        type: 'OrgFileSettingsChanged',
        data: { org_uuid: orgUuid, downloads_disabled: downloadsDisabled, changed_by: user.id, changed_at: ctx.now().toISOString() },
      },
    ]);
  return { downloads_disabled: downloadsDisabled };
}
