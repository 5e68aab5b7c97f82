// `image_uploads`: the image upload slots of each person's last hour (or still pending), read
// for the hourly limit. A slot's row stays after its object is removed, for the count; a
// person's next form prunes their rows removed and older than an hour before it.
import type { Projection } from '../../eventstore/types.js';
import type { AccountErased } from '../../identity/events.js';
import { IMAGE_UPLOAD_EVENT_TYPES, type ImageUploadEvent } from './events.js';
import { own } from '../tables.js';

export const imageUploadsProjection: Projection = {
  name: 'image_uploads',
  tables: ['image_uploads'],
  handles: [...IMAGE_UPLOAD_EVENT_TYPES, 'AccountErased'],
  async apply(trx, event) {
    if (event.type === 'AccountErased') {
      const { user_id } = event.data as AccountErased['data'];
      await own(trx).deleteFrom('image_uploads').where('user_id', '=', user_id).execute();
      return;
    }
    const e = { type: event.type, data: event.data } as ImageUploadEvent;
    if (e.type === 'ImageUploadStarted') {
      const d = e.data;
      const hourBefore = new Date(Date.parse(d.started_at) - 60 * 60 * 1000);
      await own(trx)
        .deleteFrom('image_uploads')
        .where('user_id', '=', d.user_id)
        .where('removed_at', 'is not', null)
        .where('started_at', '<', hourBefore)
        .execute();
      await own(trx)
        .insertInto('image_uploads')
        .values({ object_key: d.object_key, user_id: d.user_id, started_at: d.started_at, removable_at: d.removable_at })
        .execute();
    } else {
      await own(trx).updateTable('image_uploads').set({ removed_at: e.data.expired_at }).where('object_key', '=', e.data.object_key).execute();
    }
  },
};
