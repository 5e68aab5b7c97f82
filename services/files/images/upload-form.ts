// Presigned POSTs for images (`/rest/uploads/create_upload_url`). Their keys are random under
// `public/`, readable by address like any image on the web, and each is a slot recorded as an
// event: at most IMAGE_FORMS_PER_HOUR an hour per person (counted in the read model, so across
// instances), and its object is removed when its pending time has passed
// (workflows/expire-image-upload.ts). What is kept is copied out of the slot first.
import { randomUUID } from 'node:crypto';
import type { FilesContext } from '../context.js';
import { fileErrors } from '../errors.js';
import { uploadFormSeconds } from '../upload-use-cases.js';
import { decideImageUploadStart } from './decide.js';
import { imageUploadStream } from './events.js';
import { own } from '../tables.js';

const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;
/** The image types the image pipeline reads, and the extension each slot's key gets. */
const EXTENSION = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' } as const;

export type ImageUploadRequest = { filename: string; content_type: keyof typeof EXTENSION; file_size?: number; source?: string; force_image?: boolean };

async function formsInLastHour(ctx: FilesContext, userId: string, now: Date) {
  const row = await own(ctx.db)
    .selectFrom('image_uploads')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('started_at', '>', new Date(now.getTime() - HOUR_MS))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function imageUploadUrl(ctx: FilesContext, userId: string, body: ImageUploadRequest) {
  const size = body.file_size;
  // 10 MB, or less where the server takes smaller files (FILE_MAX_MB): the storage refuses more.
  const maxBytes = Math.min(IMAGE_MAX_BYTES, ctx.config.fileMaxBytes);
  if (size !== undefined && size > maxBytes) throw fileErrors.imageTooLarge(body.filename, Math.floor(maxBytes / (1024 * 1024)));
  const now = ctx.now();
  const key = `public/images/${randomUUID()}.${EXTENSION[body.content_type]}`;
  const ttlSeconds = ctx.config.uploadTtlSeconds;
  const formsBefore = await formsInLastHour(ctx, userId, now);
  const events = decideImageUploadStart({ objectKey: key, userId, source: body.source ?? null, formsInLastHour: formsBefore, ttlSeconds, now });
  if (!events) return { fields: null, s3_bucket_url: null, s3_object_url: null, rate_limited: true };
  // Recorded before the form exists: no object can reach storage that the expiry does not know of.
  await ctx.store.append(imageUploadStream(key), 0, events);
  const post = await ctx.storage.presignPost({
    key,
    contentType: body.content_type,
    minBytes: size ?? 1,
    maxBytes: size ?? maxBytes,
    expiresInSeconds: uploadFormSeconds(ttlSeconds),
  });
  return { fields: post.fields, s3_bucket_url: post.url, s3_object_url: ctx.storage.objectUrl(key), rate_limited: false };
}
