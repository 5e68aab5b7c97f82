// A person's picture: uploaded like any image (POST /rest/uploads/create_upload_url, straight to
// storage), then chosen here. Only an image this storage holds under public/images/ is taken, and
// only when its bytes are a PNG, JPEG, GIF or WebP of sane size (its header is read in a worker process: no decoding).
// It is kept as a copy under avatars/: the upload's slot is removed an hour after its form's
// deadline, and a form posted again meanwhile can't change the picture.
import { randomUUID } from 'node:crypto';
import type { KernelContext } from '../shared/context.js';
import { AVATAR_MAX_BYTES, readAvatarHeader } from './avatar-header.js';
import { identityErrors } from './errors.js';
import { accountStream, evolveAccount, initialAccount } from './events.js';
import { decideAvatar } from './decide.js';
import { own } from './tables.js';

const AVATAR_KEY = /^public\/images\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;
const MAX_SIDE = 8192;
const TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;
type PictureType = keyof typeof TYPES;
const isPictureType = (t: string | null): t is PictureType => t !== null && Object.hasOwn(TYPES, t);

/** Where the picture is shown: the version (the start of its key's random name) makes a browser fetch a changed one anew. */
export const avatarUrl = (userId: string, key: string) => {
  const name = key.slice(key.lastIndexOf('/') + 1);
  return `/rest/users/${encodeURIComponent(userId)}/avatar?v=${name.slice(0, 8)}`;
};

/** The storage key of an uploaded picture the person may choose, after checking its bytes. */
async function checkedKey(ctx: KernelContext, imageUrl: string) {
  const key = ctx.storage.keyOf(imageUrl);
  if (!key || !AVATAR_KEY.test(key)) throw identityErrors.invalidAvatar();
  const head = await ctx.storage.head(key);
  if (!head || head.size > AVATAR_MAX_BYTES) throw identityErrors.invalidAvatar();
  const found = await readAvatarHeader(await ctx.storage.read(key));
  const type = isPictureType(found.type) ? found.type : null;
  if (!type || !key.endsWith(`.${type}`) || !found.width || !found.height || found.width > MAX_SIDE || found.height > MAX_SIDE)
    throw identityErrors.invalidAvatar();
  return { key, type } as const;
}

/** The picture's own copy, out of the upload slot. */
async function keptCopy(ctx: KernelContext, checked: { key: string; type: PictureType }) {
  const kept = `avatars/${randomUUID()}.${checked.type}`;
  await ctx.storage.copy(checked.key, kept);
  return kept;
}

/**
 * Records the picture (or its removal, `imageUrl` null) and then has Better Auth show it on the
 * user, before the transaction commits (a failure there takes the event back).
 */
export async function setAvatar(ctx: KernelContext, userId: string, imageUrl: string | null, applyImage: (url: string | null) => Promise<unknown>) {
  const checked = imageUrl === null ? null : await checkedKey(ctx, imageUrl);
  const key = checked && (await keptCopy(ctx, checked));
  const previous = await ctx.store.db
    .transaction()
    .execute(async (trx) => {
      const account = await ctx.store.aggregate(accountStream(userId), initialAccount, evolveAccount, trx);
      const events = decideAvatar(account.state, { userId, imageKey: key, now: ctx.now() });
      await ctx.store.append(accountStream(userId), account.version, events, trx);
      if (events.length) await applyImage(key ? avatarUrl(userId, key) : null);
      return events.length ? (account.state.avatar ?? null) : null;
    })
    .catch(async (err) => {
      // Not recorded: the copy is nobody's picture.
      if (key) await ctx.storage.delete(key).catch(() => {});
      throw err;
    });
  // The upload is taken: it leaves its public address at once, not when its slot expires.
  if (checked) await ctx.storage.delete(checked.key).catch((err) => ctx.logger.warn({ err, userId }, 'could not remove a chosen upload'));
  // The picture it replaces is the person's too: it does not stay readable by its address.
  if (previous) await ctx.storage.delete(previous).catch((err) => ctx.logger.warn({ err, userId }, 'could not delete a replaced picture'));
}

/** The person's picture, to show: its bytes and type. */
export async function avatarOf(ctx: KernelContext, userId: string) {
  const row = await own(ctx.db).selectFrom('accounts').select('avatar_key').where('user_id', '=', userId).executeTakeFirst();
  const key = row?.avatar_key;
  if (!key) throw identityErrors.avatarNotFound();
  const body = await ctx.storage.read(key).catch(() => {
    throw identityErrors.avatarNotFound();
  });
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return { body, contentType: isPictureType(extension) ? TYPES[extension] : TYPES.jpg };
}
