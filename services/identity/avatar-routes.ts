// The person's picture over HTTP: chosen from an uploaded image, removed, and shown to anyone
// (as the name is on shared threads) at a versioned address that browsers may keep a day.
import type { DomainRoutes } from '../http/handler.js';
import type { IdentityContext } from './context.js';
import { avatarOf, setAvatar } from './avatar.js';
import { identityErrors } from './errors.js';
import { findSessionUser } from './queries.js';
import { authHeaders, requireUser } from './session.js';

async function chooseAvatar(
  ctx: IdentityContext,
  actor: Parameters<typeof requireUser>[0],
  headers: Parameters<typeof authHeaders>[0],
  imageUrl: string | null,
) {
  const user = await requireUser(actor);
  const h = authHeaders(headers);
  await setAvatar(ctx, user.id, imageUrl, (image) => ctx.auth.api.updateUser({ body: { image }, headers: h }));
  ctx.sessions.forgetAll();
  const session = await ctx.auth.api.getSession({ headers: h });
  if (!session) throw identityErrors.unauthenticated();
  return { status: 200 as const, body: await findSessionUser(ctx, session.user) };
}

export const avatarRoutes = {
  setAccountAvatar: ({ actor, body, headers }, ctx) => chooseAvatar(ctx, actor, headers, body.image_url),
  removeAccountAvatar: ({ actor, headers }, ctx) => chooseAvatar(ctx, actor, headers, null),
  async getUserAvatar({ path }, ctx) {
    const { body, contentType } = await avatarOf(ctx, path.user_id);
    return {
      file: { body, contentType, filename: 'avatar', inline: true, size: body.length },
      headers: { 'cache-control': 'public, max-age=86400' },
    };
  },
} satisfies DomainRoutes<IdentityContext>;
