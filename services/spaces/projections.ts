// Read models of Spaces: `spaces` (with links and thread counts) and `space_members`. (The
// passages of a Space's linked pages are the passages projection's, fed by links/passage-feed.ts.)
import { sql } from 'kysely';
import type { Projection, Trx } from '../eventstore/types.js';
import type { ThreadAddedToSpace, ThreadRemovedFromSpace } from '../threads/events.js';
import { SPACE_EVENT_TYPES, type SpaceEvent } from './events.js';
import { spaceSlug } from './key.js';
import { own } from './tables.js';

type Handled = SpaceEvent | ThreadAddedToSpace | ThreadRemovedFromSpace;

const touch = (trx: Trx, uuid: string, at: string) => own(trx).updateTable('spaces').set({ updated_at: at }).where('uuid', '=', uuid);

export const spacesProjection: Projection = {
  name: 'spaces',
  tables: ['spaces', 'space_members'],
  handles: [...SPACE_EVENT_TYPES, 'ThreadAddedToSpace', 'ThreadRemovedFromSpace'],
  async apply(trx, event) {
    const e = { type: event.type, data: event.data } as Handled;
    switch (e.type) {
      case 'SpaceCreated': {
        const d = e.data;
        await own(trx)
          .insertInto('spaces')
          .values({
            uuid: d.uuid,
            slug: spaceSlug(d.title, d.uuid),
            title: d.title,
            description: d.description,
            instructions: d.instructions,
            emoji: d.emoji,
            access: d.access,
            enable_web_by_default: d.enable_web_by_default,
            template_id: d.template_id,
            owner_user_id: d.owner_user_id,
            links: '[]',
            created_at: d.created_at,
            updated_at: d.created_at,
          })
          .execute();
        return;
      }
      case 'SpaceEdited': {
        const { title } = e.data.changes;
        await own(trx)
          .updateTable('spaces')
          .set({ ...e.data.changes, ...(title !== undefined ? { slug: spaceSlug(title, e.data.uuid) } : {}), updated_at: e.data.edited_at })
          .where('uuid', '=', e.data.uuid)
          .execute();
        return;
      }
      case 'SpaceAccessChanged':
        await own(trx).updateTable('spaces').set({ access: e.data.access, updated_at: e.data.changed_at }).where('uuid', '=', e.data.uuid).execute();
        return;
      case 'SpaceDeleted':
        await own(trx).deleteFrom('space_members').where('space_uuid', '=', e.data.uuid).execute();
        await own(trx).deleteFrom('spaces').where('uuid', '=', e.data.uuid).execute();
        return;
      case 'SpaceMemberInvited':
        await own(trx)
          .insertInto('space_members')
          .values({
            space_uuid: e.data.uuid,
            member_id: e.data.member_id,
            email: e.data.email,
            user_id: null,
            level: e.data.level,
            invited_at: e.data.invited_at,
          })
          .execute();
        await touch(trx, e.data.uuid, e.data.invited_at).execute();
        return;
      case 'SpaceInviteAccepted':
        await own(trx)
          .updateTable('space_members')
          .set({ user_id: e.data.user_id, level: e.data.level })
          .where('space_uuid', '=', e.data.uuid)
          .where('member_id', '=', e.data.member_id)
          .execute();
        await touch(trx, e.data.uuid, e.data.accepted_at).execute();
        return;
      case 'SpaceMemberRoleChanged':
        await own(trx)
          .updateTable('space_members')
          .set({ level: e.data.level })
          .where('space_uuid', '=', e.data.uuid)
          .where('member_id', '=', e.data.member_id)
          .execute();
        return;
      case 'SpaceMemberRemoved':
        await own(trx).deleteFrom('space_members').where('space_uuid', '=', e.data.uuid).where('member_id', '=', e.data.member_id).execute();
        return;
      case 'SpaceLinkAdded': {
        const { link: address, title, added_at, text_truncated } = e.data;
        const link = JSON.stringify([{ link: address, title, added_at, ...(text_truncated ? { text_truncated } : {}) }]);
        await own(trx)
          .updateTable('spaces')
          .set({ links: sql`links || ${link}::jsonb`, updated_at: e.data.added_at })
          .where('uuid', '=', e.data.uuid)
          .execute();
        return;
      }
      case 'SpaceLinkRemoved':
        await own(trx)
          .updateTable('spaces')
          .set({
            links: sql`coalesce((select jsonb_agg(l) from jsonb_array_elements(links) l where l->>'link' <> ${e.data.link}), '[]'::jsonb)`,
            updated_at: e.data.removed_at,
          })
          .where('uuid', '=', e.data.uuid)
          .execute();
        return;
      case 'SpaceOwnershipTransferred':
        await own(trx).deleteFrom('space_members').where('space_uuid', '=', e.data.uuid).where('member_id', '=', e.data.member_id).execute();
        await own(trx)
          .updateTable('spaces')
          .set({ owner_user_id: e.data.owner_user_id, updated_at: e.data.transferred_at })
          .where('uuid', '=', e.data.uuid)
          .execute();
        return;
      case 'ThreadAddedToSpace':
        await own(trx)
          .updateTable('spaces')
          .set({ thread_count: sql`thread_count + 1`, updated_at: e.data.added_at })
          .where('uuid', '=', e.data.collection_uuid)
          .execute();
        return;
      case 'ThreadRemovedFromSpace':
        await own(trx).updateTable('spaces').set({ thread_count: sql`greatest(thread_count - 1, 0)` }).where('uuid', '=', e.data.collection_uuid).execute();
        return;
    }
  },
};
