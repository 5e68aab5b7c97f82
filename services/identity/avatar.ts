// A person's picture: uploaded like any image (POST /rest/uploads/create_upload_url, straight to
// storage), then chosen here. Only an image this storage holds under public/images/ is taken, and
// only when its bytes are a PNG or JPEG of sane size (its header is read in a worker process: no decoding).
import type { KernelContext } from '../shared/context.js';
import { AVATAR_MAX_BYTES, readAvatarHeader } from './avatar-header.js';
import { identityErrors } from './errors.js';
import { accountStream, evolveAccount, initialAccount } from './events.js';
import { decideAvatar } from './decide.js';

const AVATAR_KEY = /^public\/images\/[0-9a-f-]{36}\.(png|jpg)$/;
const MAX_SIDE = 8192;
const TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;

/** Where the picture is shown: the version makes a browser fetch a changed one anew. */
export const avatarUrl = (userId: string, key: string) => `/rest/users/${encodeURIComponent(userId)}/avatar?v=${key.slice(14, 22)}`;

/** The storage key of an uploaded picture the person may choose, after checking its bytes. */
async function checkedKey(ctx: KernelContext, imageUrl: string) {
  const key = ctx.storage.keyOf(imageUrl);
  if (!key || !AVATAR_KEY.test(key)) throw identityErrors.invalidAvatar();
  const head = await ctx.storage.head(key);
  if (!head || head.size > AVATAR_MAX_BYTES) throw identityErrors.invalidAvatar();
  const found = await readAvatarHeader(await ctx.storage.read(key));
  const type = found.type === 'png' || found.type === 'jpg' ? found.type : null;
  if (!type || !key.endsWith(`.${type}`) || !found.width || !found.height || found.width > MAX_SIDE || found.height > MAX_SIDE)
    throw identityErrors.invalidAvatar();
  return key;
}

/**
 * Records the picture (or its removal, `imageUrl` null) and then has Better Auth show it on the
 * user, before the transaction commits (a failure there takes the event back).
 */
export async function setAvatar(ctx: KernelContext, userId: string, imageUrl: string | null, applyImage: (url: string | null) => Promise<unknown>) {
  const key = imageUrl === null ? null : await checkedKey(ctx, imageUrl);
  const previous = await ctx.store.db.transaction().execute(async (trx) => {
    const account = await ctx.store.aggregate(accountStream(userId), initialAccount, evolveAccount, trx);
    const events = decideAvatar(account.state, { userId, imageKey: key, now: ctx.now() });
    await ctx.store.append(accountStream(userId), account.version, events, trx);
    if (events.length) await applyImage(key ? avatarUrl(userId, key) : null);
    return events.length ? (account.state.avatar ?? null) : null;
  });
  // The picture it replaces is the person's too: it does not stay readable by its address.
  if (previous) await ctx.storage.delete(previous).catch((err) => ctx.logger.warn({ err, userId }, 'could not delete a replaced picture'));
}

/** The person's picture, to show: its bytes and type. */
export async function avatarOf(ctx: KernelContext, userId: string) {
  const row = await ctx.db.selectFrom('accounts').select('avatar_key').where('user_id', '=', userId).executeTakeFirst();
  const key = row?.avatar_key;
  if (!key) throw identityErrors.avatarNotFound();
  const body = await ctx.storage.read(key).catch(() => {
    throw identityErrors.avatarNotFound();
  });
  return { body, contentType: key.endsWith('.png') ? TYPES.png : TYPES.jpg };
}
