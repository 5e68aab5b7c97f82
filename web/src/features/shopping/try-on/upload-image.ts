// One try-on photo to storage (seed 000 §5 "Images for try-on" and §7 create_upload_url): only
// image/ types, at most 10 MB, then the upload form; each failure with the seed's words.
import { createImageUploadUrl } from '../../../../../generated/react-query/files/files';
import type { ImageUploadRequestContentType } from '../../../../../generated/react-query/model';
import { TRY_ON_LIMITS, TRY_ON_TEXT } from './texts';

/** A failure whose message is the seed's text for it. */
export class TryOnUploadError extends Error {}

const READABLE: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The seed's checks before anything is sent: the text to show, or null. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return TRY_ON_TEXT.onlyImages;
  if (file.size > TRY_ON_LIMITS.imageMaxBytes) return TRY_ON_TEXT.tooLarge;
  return null;
}

/** Uploads the photo and gives its address (the s3_object_url), or throws a TryOnUploadError. */
export async function uploadTryOnImage(file: File, onSending?: () => void): Promise<string> {
  const problem = imageProblem(file);
  if (problem) throw new TryOnUploadError(problem);
  // The image pipeline reads PNG, JPEG, GIF and WebP; other image types are not images it can use.
  if (!READABLE.includes(file.type)) throw new TryOnUploadError(TRY_ON_TEXT.onlyImages);
  const answer = await createImageUploadUrl({
    filename: file.name,
    content_type: file.type as ImageUploadRequestContentType,
    source: 'try_on',
    file_size: file.size,
    force_image: true,
  }).catch(() => {
    throw new TryOnUploadError(TRY_ON_TEXT.uploadFailed);
  });
  if (answer.status !== 200) throw new TryOnUploadError(TRY_ON_TEXT.uploadFailed);
  const { fields, s3_bucket_url, s3_object_url, rate_limited } = answer.data;
  if (rate_limited) throw new TryOnUploadError(TRY_ON_TEXT.rateLimited);
  if (!fields || !s3_bucket_url) throw new TryOnUploadError(TRY_ON_TEXT.noUploadUrl);
  onSending?.();
  const form = new FormData();
  // The policy's fields first: S3 ignores any field after the file.
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('file', file, file.name);
  const sent = await fetch(new URL(s3_bucket_url, location.href), { method: 'POST', body: form, credentials: 'omit' }).catch(() => null);
  if (!sent?.ok) throw new TryOnUploadError(TRY_ON_TEXT.uploadFailed);
  const stored = (await sent.json().catch(() => null)) as { secure_url?: string } | null;
  const url = stored?.secure_url ?? s3_object_url;
  if (!url) throw new TryOnUploadError(TRY_ON_TEXT.noImageUrl);
  return url;
}
