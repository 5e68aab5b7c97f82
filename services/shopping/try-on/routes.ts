// The try-on over HTTP (spec/paths/try-on.yaml): each handler calls one use case.
import type { DomainRoutes } from '../../http/handler.js';
import type { TryOnContext } from './context.js';
import { deleteAvatar, generateAvatar, generateTryOn, getAvatar, saveAvatar, tryOnImage } from './use-cases.js';

export const tryOnRoutes = {
  generateTryOnAvatar: async ({ actor, body }, ctx) => ({ status: 200, body: await generateAvatar(ctx, actor, body) }),
  saveTryOnAvatar: async ({ actor, body }, ctx) => ({ status: 200, body: await saveAvatar(ctx, actor, body) }),
  deleteTryOnAvatar: async ({ actor }, ctx) => ({ status: 200, body: await deleteAvatar(ctx, actor) }),
  getTryOnAvatar: async ({ actor }, ctx) => ({ status: 200, body: await getAvatar(ctx, actor) }),
  generateShoppingTryOn: async ({ actor, body }, ctx) => ({ status: 200, body: await generateTryOn(ctx, actor, body) }),
  async getTryOnImage({ actor, path }, ctx) {
    const { body, contentType } = await tryOnImage(ctx, actor, path.image_id);
    return {
      file: { body, contentType, filename: 'try-on', inline: true, size: body.length },
      // The person's own picture: never kept by a shared cache.
      headers: { 'cache-control': 'private, max-age=86400' },
    };
  },
} satisfies DomainRoutes<TryOnContext>;
