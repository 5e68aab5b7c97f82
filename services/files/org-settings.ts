// An organisation's file settings: members read them, owners and admins change them.
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import type { FilesContext } from './context.js';
import { memberRoleIn, requireUser } from '../identity/index.js';
import type { Actor, ActorUser } from '../shared/actor.js';
import { orgFilesStream } from './events.js';
import { orgDownloadsDisabled } from './queries.js';
import { fileErrors } from './errors.js';

const ADMIN_ROLES = ['owner', 'admin'];

async function roleIn(ctx: FilesContext, user: ActorUser, orgUuid: string) {
  const role = await memberRoleIn(ctx.db, orgUuid, user.id);
  if (role === undefined) throw fileErrors.organizationNotFound();
  return role;
}

export async function getOrgFileSettings(ctx: FilesContext, actor: Actor, orgUuid: string) {
  await roleIn(ctx, await requireUser(actor), orgUuid);
  return { downloads_disabled: await orgDownloadsDisabled(ctx.db, orgUuid) };
}

export async function setOrgFileSettings(ctx: FilesContext, actor: Actor, orgUuid: string, downloadsDisabled: boolean) {
  const user = await requireUser(actor);
  const role = await roleIn(ctx, user, orgUuid);
  if (!role.split(',').some((r) => ADMIN_ROLES.includes(r.trim()))) throw fileErrors.notOrgAdmin();
  await setOrgDownloadsDisabled(ctx.store, ctx.db, { org_uuid: orgUuid, downloads_disabled: downloadsDisabled, changed_by: user.id, now: ctx.now() });
  return { downloads_disabled: downloadsDisabled };
}

export { orgDownloadsDisabled };

/** Records the switch; the caller has checked the person may change it. A change that changes nothing writes nothing. */
export async function setOrgDownloadsDisabled(
  store: EventStore,
  db: Db,
  cmd: { org_uuid: string; downloads_disabled: boolean; changed_by: string; now: Date },
) {
  if ((await orgDownloadsDisabled(db, cmd.org_uuid)) === cmd.downloads_disabled) return;
  await store.append(orgFilesStream(cmd.org_uuid), 'any', [
    {
      type: 'OrgFileSettingsChanged',
      data: { org_uuid: cmd.org_uuid, downloads_disabled: cmd.downloads_disabled, changed_by: cmd.changed_by, changed_at: cmd.now.toISOString() },
    },
  ]);
}
