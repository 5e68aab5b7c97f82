// The try-on's use cases, each for one Actor. Generating reads and checks the inputs, asks the
// provider, checks what it made, stores it under the person's own key and only then records it;
// a failure after the bytes are stored removes them, so nothing is left half done.
import { randomUUID } from 'node:crypto';
import { changeStream } from '../../eventstore/change.js';
import type { Actor } from '../../shared/actor.js';
import type { DomainError } from '../../shared/domain-error.js';
import type { TryOnContext } from './context.js';
import { checkGenerationAllowed, decideAvatarGenerated, decideDelete, decideSave, decideTryOnGenerated, type GeneratedImage } from './decide.js';
import { tryOnErrors } from './errors.js';
import { evolveTryOn, initialTryOn, type TryOnState, tryOnStream } from './events.js';
import { type CheckedImage, checkImage, TRY_ON_IMAGE_MAX_BYTES } from './image-check.js';
import { type ImageGenerator, PROMPTS } from './image-provider.js';
import { imageIdOf, tryOnImageUrl } from './image-urls.js';
import { productImageBytes } from './product-image.js';
import { imageOf, imagesSince, savedAvatarOf } from './queries.js';

/** The product picture's fetch; with the provider's limit (at most 30 s) it stays under the seed's 35 s. */
const PRODUCT_IMAGE_TIMEOUT_MS = 5_000;
const UPLOAD_KEY = /^public\/images\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

type Ctx = Pick<TryOnContext, 'store' | 'db' | 'storage' | 'now' | 'logger' | 'config' | 'tryOnImages'>;

async function signedIn(actor: Actor) {
  const userId = await actor.userId();
  if (!userId) throw tryOnErrors.unauthenticated();
  return userId;
}

const HOUR_MS = 60 * 60 * 1000;

/** The provider, when one is configured and the person has not made their hour's share of images. */
async function generator(ctx: Ctx, userId: string): Promise<ImageGenerator> {
  if (!ctx.tryOnImages) throw tryOnErrors.unavailable();
  checkGenerationAllowed(await imagesSince(ctx.db, userId, new Date(ctx.now().getTime() - HOUR_MS)));
  return ctx.tryOnImages;
}

const change = <E extends { type: string; data: unknown }>(ctx: Ctx, userId: string, decide: (s: TryOnState) => E[]) =>
  changeStream(ctx.store, { stream: tryOnStream(userId), initial: initialTryOn, evolve: evolveTryOn }, decide);

/** An image the person uploaded (`s3_object_url` of create_upload_url), checked: 10 MB, an image by its bytes, sane pixel size. */
async function uploadedImage(ctx: Ctx, address: string): Promise<CheckedImage & { key: string }> {
  const key = ctx.storage.keyOf(address);
  if (!key || !UPLOAD_KEY.test(key)) throw tryOnErrors.invalidImage();
  const head = await ctx.storage.head(key);
  if (!head) throw tryOnErrors.invalidImage();
  if (head.size > TRY_ON_IMAGE_MAX_BYTES) throw tryOnErrors.tooLarge();
  return { ...(await checkImage(await ctx.storage.read(key))), key };
}

/** The provider's image, checked as an upload is: what it sends is not trusted either. */
async function generated(ctx: Ctx, userId: string, make: () => Promise<Buffer>): Promise<GeneratedImage> {
  const bytes = await make();
  const image = await checkImage(bytes).catch((err) => {
    ctx.logger.warn({ code: (err as DomainError).code }, 'the image provider sent no usable image');
    throw tryOnErrors.failed();
  });
  const imageId = randomUUID();
  const objectKey = `try-on/${userId}/${imageId}.${image.type}`;
  await ctx.storage.put(objectKey, image.bytes, image.contentType);
  return { imageId, objectKey, contentType: image.contentType };
}

/** Records what was generated; when that fails, its bytes are nobody's and are removed. */
async function recorded<T>(ctx: Ctx, image: GeneratedImage, record: () => Promise<T>): Promise<T> {
  try {
    return await record();
  } catch (err) {
    await ctx.storage.delete(image.objectKey).catch(() => {});
    throw err;
  }
}

const asInput = (img: CheckedImage, name: string) => ({ bytes: img.bytes, contentType: img.contentType, filename: `${name}.${img.type}` });

export async function generateAvatar(ctx: Ctx, actor: Actor, input: { user_image_url: string; selfie_image_url?: string }) {
  const userId = await signedIn(actor);
  const provider = await generator(ctx, userId);
  const photo = await uploadedImage(ctx, input.user_image_url);
  const selfie = input.selfie_image_url && input.selfie_image_url !== input.user_image_url ? await uploadedImage(ctx, input.selfie_image_url) : null;
  const image = await generated(ctx, userId, () =>
    selfie
      ? provider.edit([asInput(photo, 'body'), asInput(selfie, 'selfie')], PROMPTS.avatarFromBody)
      : provider.edit([asInput(photo, 'selfie')], PROMPTS.avatarFromSelfie),
  );
  await recorded(ctx, image, () => change(ctx, userId, (s) => decideAvatarGenerated(s, { userId, now: ctx.now(), ...image, withSelfie: !!selfie })));
  // The photos have done their work: they leave their public upload address now, not when their slot expires.
  for (const used of [photo, selfie]) if (used) await ctx.storage.delete(used.key).catch((err) => ctx.logger.warn({ err }, 'could not remove a try-on upload'));
  return { status: 'success' as const, try_on_photo_url: tryOnImageUrl(image.imageId) };
}

export async function saveAvatar(ctx: Ctx, actor: Actor, input: { try_on_photo_url: string }) {
  const userId = await signedIn(actor);
  const imageId = imageIdOf(input.try_on_photo_url);
  if (!imageId) throw tryOnErrors.imageNotFound();
  await change(ctx, userId, (s) => decideSave(s, { userId, now: ctx.now(), imageId }));
  return { status: 'success' as const, try_on_photo_url: tryOnImageUrl(imageId) };
}

export async function deleteAvatar(ctx: Ctx, actor: Actor) {
  const userId = await signedIn(actor);
  const saved = await savedAvatarOf(ctx.db, userId);
  const image = saved && (await imageOf(ctx.db, userId, saved.image_id));
  const events = await change(ctx, userId, (s) => decideDelete(s, { userId, now: ctx.now() }));
  // Recorded first: the bytes go once nothing names them.
  if (events.length && image) await ctx.storage.delete(image.object_key).catch((err) => ctx.logger.warn({ err }, 'could not remove an avatar image'));
  return { status: 'success' as const, try_on_photo_url: null };
}

export async function getAvatar(ctx: Ctx, actor: Actor) {
  const userId = await signedIn(actor);
  const saved = await savedAvatarOf(ctx.db, userId);
  return { status: 'success' as const, try_on_photo_url: saved ? tryOnImageUrl(saved.image_id) : null };
}

/** One of the person's images, to show; anyone else's is not found. */
export async function tryOnImage(ctx: Ctx, actor: Actor, imageId: string) {
  const userId = await signedIn(actor);
  const row = await imageOf(ctx.db, userId, imageId);
  if (!row) throw tryOnErrors.imageNotFound();
  const body = await ctx.storage.read(row.object_key).catch(() => {
    throw tryOnErrors.imageNotFound();
  });
  return { body, contentType: row.content_type };
}

export async function generateTryOn(ctx: Ctx, actor: Actor, input: { image_url: string; product_image_url: string }) {
  const userId = await signedIn(actor);
  const provider = await generator(ctx, userId);
  const avatarId = imageIdOf(input.image_url);
  const avatar = avatarId ? await imageOf(ctx.db, userId, avatarId) : undefined;
  if (!avatarId || !avatar || avatar.kind !== 'avatar') throw tryOnErrors.noAvatar();
  const avatarImage = await checkImage(await ctx.storage.read(avatar.object_key));
  const product = await checkImage(
    await productImageBytes(input.product_image_url, {
      storage: ctx.storage,
      allowPrivateHosts: ctx.config.tryOnAllowPrivateHosts,
      timeoutMs: PRODUCT_IMAGE_TIMEOUT_MS,
    }),
  );
  const image = await generated(ctx, userId, () => provider.edit([asInput(avatarImage, 'person'), asInput(product, 'product')], PROMPTS.tryOn));
  await recorded(ctx, image, () => change(ctx, userId, (s) => decideTryOnGenerated(s, { userId, now: ctx.now(), ...image, avatarImageId: avatarId })));
  return { status: 'success' as const, user_try_on_photo_url: tryOnImageUrl(avatarId), image_url: tryOnImageUrl(image.imageId) };
}
