// Presigned POSTs for images (`/rest/uploads/create_upload_url`). Their keys are random under
// `public/`, readable by address like any image on the web. At most 60 an hour per person,
// counted in memory per instance, like the sign-in limits.
import { randomUUID } from 'node:crypto';
import type { FilesContext } from './context.js';
import { fileErrors } from './errors.js';

const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const PER_HOUR = 60;
const HOUR = 60 * 60 * 1000;
const EXTENSION = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
const recent = new Map<string, number[]>();

function rateLimited(userId: string, now: number) {
  const times = (recent.get(userId) ?? []).filter((t) => now - t < HOUR);
  const limited = times.length >= PER_HOUR;
  if (!limited) times.push(now);
  recent.set(userId, times);
  return limited;
}

export async function imageUploadUrl(ctx: FilesContext, userId: string, body: { filename: string; content_type: keyof typeof EXTENSION; file_size?: number }) {
  const size = body.file_size;
  if (size !== undefined && size > IMAGE_MAX_BYTES) throw fileErrors.imageTooLarge(body.filename);
  if (rateLimited(userId, ctx.now().getTime())) return { fields: null, s3_bucket_url: null, s3_object_url: null, rate_limited: true };
  const key = `public/images/${randomUUID()}.${EXTENSION[body.content_type]}`;
  const post = await ctx.storage.presignPost({
    key,
    contentType: body.content_type,
    minBytes: size ?? 1,
    maxBytes: size ?? IMAGE_MAX_BYTES,
    expiresInSeconds: 15 * 60,
  });
  return { fields: post.fields, s3_bucket_url: post.url, s3_object_url: ctx.storage.objectUrl(key), rate_limited: false };
}
