// The picture on /account/details: a PNG, JPEG, GIF or WebP of up to 10 MB goes straight to storage (as any
// uploaded image), then becomes the person's picture; it can be removed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { setAccountAvatar, useRemoveAccountAvatar } from '../../../../generated/react-query/account/account';
import { createImageUploadUrl } from '../../../../generated/react-query/files/files';
import type { ImageUploadRequestContentType } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey } from '../../platform/session';
import { FormError } from '../auth/form-parts';
import { StorageUploadError, uploadToStorage } from '../files/upload/storage-upload';

const MAX_BYTES = 10 * 1024 * 1024;
const TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

class AvatarProblem extends Error {}

async function uploadAvatar(file: File) {
  if (!TYPES.includes(file.type)) throw new AvatarProblem('Choose a PNG, JPEG, GIF or WebP picture.');
  if (file.size > MAX_BYTES) throw new AvatarProblem('This picture is larger than 10 MB. Choose a smaller one.');
  // The API's refusals arrive as ApiError (platform/api-fetch.ts), shown in its words.
  const url = await createImageUploadUrl({
    filename: file.name,
    content_type: file.type as ImageUploadRequestContentType,
    file_size: file.size,
    source: 'avatar',
    force_image: true,
  });
  if (url.status !== 200) throw new AvatarProblem('The picture could not be uploaded.');
  if (url.data.rate_limited || !url.data.fields || !url.data.s3_bucket_url || !url.data.s3_object_url)
    throw new AvatarProblem('Too many pictures uploaded in the last hour. Try again later.');
  await uploadToStorage({ s3_bucket_url: url.data.s3_bucket_url, fields: url.data.fields }, file);
  await setAccountAvatar({ image_url: url.data.s3_object_url });
}

export function AvatarForm({ name, image }: { name: string; image: string | null | undefined }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionQueryKey() });
  const upload = useMutation({ mutationFn: uploadAvatar, onSuccess: refresh });
  const remove = useRemoveAccountAvatar({ mutation: { onSuccess: refresh } });
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (file) upload.mutate(file);
  };
  const error = upload.error ?? remove.error;
  const storageRefused = error instanceof StorageUploadError ? `The picture could not be stored: ${error.reason}.` : null;
  return (
    <div className="flex flex-wrap items-center gap-4">
      {image ? (
        <img src={image} alt={name} className="h-16 w-16 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-neutral-200 text-xl dark:bg-neutral-700">
          {name.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
      <label className="btn-secondary cursor-pointer">
        {upload.isPending ? 'Uploading…' : image ? 'Change picture' : 'Upload a picture'}
        <input type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="sr-only" onChange={choose} disabled={upload.isPending} />
      </label>
      {image && (
        <button type="button" className="btn-secondary" onClick={() => remove.mutate()} disabled={remove.isPending}>
          Remove picture
        </button>
      )}
      {upload.isSuccess && <p role="status">Your picture is saved.</p>}
      {error && <FormError>{error instanceof AvatarProblem ? error.message : (storageRefused ?? problemMessage(error))}</FormError>}
    </div>
  );
}
