// The try-on's read models: `try_on_images` (each image kept) and `try_on_avatars` (the saved one).
import type { AccountErased } from '../../identity/events.js';
import type { Projection } from '../../eventstore/types.js';
import { TRY_ON_EVENTS, type TryOnEvent } from './events.js';
import { own } from './tables.js';

export const tryOnProjection: Projection = {
  name: 'try-on',
  tables: ['try_on_images', 'try_on_avatars'],
  handles: [...TRY_ON_EVENTS, 'AccountErased'],
  async apply(trx, event) {
    // A deleted account's images go with it (their bytes are removed by removeTryOnImages first).
    if (event.type === 'AccountErased') {
      const userId = (event.data as AccountErased['data']).user_id;
      await own(trx).deleteFrom('try_on_images').where('user_id', '=', userId).execute();
      await own(trx).deleteFrom('try_on_avatars').where('user_id', '=', userId).execute();
      return;
    }
    const e = event as unknown as TryOnEvent;
    switch (e.type) {
      case 'TryOnAvatarGenerated':
      case 'TryOnGenerated':
        await own(trx)
          .insertInto('try_on_images')
          .values({
            image_id: e.data.image_id,
            user_id: e.data.user_id,
            kind: e.type === 'TryOnGenerated' ? 'try_on' : 'avatar',
            object_key: e.data.object_key,
            content_type: e.data.content_type,
            created_at: e.data.generated_at,
          })
          .execute();
        return;
      case 'TryOnAvatarSaved':
        await own(trx)
          .insertInto('try_on_avatars')
          .values({ user_id: e.data.user_id, image_id: e.data.image_id, saved_at: e.data.saved_at })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ image_id: e.data.image_id, saved_at: e.data.saved_at }))
          .execute();
        return;
      case 'TryOnAvatarDeleted':
        await own(trx).deleteFrom('try_on_avatars').where('user_id', '=', e.data.user_id).execute();
        await own(trx).deleteFrom('try_on_images').where('image_id', '=', e.data.image_id).execute();
        return;
    }
  },
};
