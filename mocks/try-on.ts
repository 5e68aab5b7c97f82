// The try-on in the mock API: the server's rules (services/shopping/try-on/decide.ts) over each
// account's try-on events, kept in the scenario. Images are uploaded through the image upload
// form (create_upload_url with force_image) to a mock bucket kept in memory; the mock provider
// "generates" as the tests' fake does: the avatar is the photo it was given, and a try-on shows
// the avatar. Checks and texts are the server's: 10 MB, only images, another's image not found, and
// the hourly limit of images made (the images still kept, made in the last hour, as the server counts).
import { HttpResponse, http, type RequestHandler } from 'msw';
import { getCreateImageUploadUrlMockHandler } from '../generated/msw/files/files.msw';
import {
  getDeleteTryOnAvatarMockHandler,
  getGenerateShoppingTryOnMockHandler,
  getGenerateTryOnAvatarMockHandler,
  getGetTryOnAvatarMockHandler,
  getGetTryOnImageMockHandler,
  getSaveTryOnAvatarMockHandler,
} from '../generated/msw/try-on/try-on.msw';
import type { GenerateShoppingTryOnBody, GenerateTryOnAvatarBody, ImageUploadRequest, SaveTryOnAvatarBody } from '../generated/react-query/model';
import {
  checkGenerationAllowed,
  decideAvatarGenerated,
  decideDelete,
  decideSave,
  decideTryOnGenerated,
  evolveTryOn,
  imageIdOf,
  initialTryOn,
  type TryOnEvent,
  type TryOnState,
  tryOnErrors,
  tryOnImageUrl,
} from '../services/shopping/pure';
import { problem, refuse, ruled } from './problem';
import { currentUser, type ScenarioState } from './scenarios';

export const MOCK_IMAGE_BUCKET_PATH = '/storage/mock-images';
const MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const HOUR_MS = 60 * 60 * 1000;

export function tryOnHandlers(opts: { state: () => ScenarioState; changed: () => void }): RequestHandler[] {
  /** Uploaded photos by their object address, and generated images by id: bytes are not scenario state. */
  const uploads = new Map<string, Blob>();
  const forms = new Map<string, string>();
  const images = new Map<string, Blob>();
  const signedIn = () => {
    const user = currentUser(opts.state());
    if (!user) refuse(tryOnErrors.unauthenticated());
    return user.id;
  };
  const eventsOf = (userId: string) => ((opts.state().tryOn ??= {})[userId] ??= []);
  const stateOf = (userId: string): TryOnState => eventsOf(userId).reduce<TryOnState>((s, e) => evolveTryOn(s, e as never), initialTryOn);
  const change = (userId: string, decide: (s: TryOnState, who: { userId: string; now: Date }) => TryOnEvent[]) => {
    const events = ruled(() => decide(stateOf(userId), { userId, now: new Date() }));
    eventsOf(userId).push(...events);
    if (events.length) opts.changed();
  };
  const uploaded = (address: string) => {
    const blob = uploads.get(new URL(address, location.href).href);
    if (!blob || !IMAGE_TYPES.includes(blob.type)) refuse(tryOnErrors.invalidImage());
    return blob;
  };
  const savedAvatar = (userId: string) => stateOf(userId).avatar;
  /** Before any image is made: the person's images kept that were made in the last hour, under the server's limit. */
  const withinHourlyLimit = (userId: string) => {
    const kept = stateOf(userId).images;
    const since = Date.now() - HOUR_MS;
    const made = eventsOf(userId).filter(
      (e) => (e.type === 'TryOnAvatarGenerated' || e.type === 'TryOnGenerated') && kept[e.data.image_id] && Date.parse(e.data.generated_at) > since,
    ).length;
    ruled(() => checkGenerationAllowed(made));
  };

  return [
    getCreateImageUploadUrlMockHandler(async ({ request }) => {
      signedIn();
      const body = (await request.json()) as ImageUploadRequest;
      if (body.file_size !== undefined && body.file_size > MAX_BYTES)
        throw problem(400, 'file_too_large', `${body.filename} is larger than 10 MB, the most an image may be.`);
      const bucket = new URL(MOCK_IMAGE_BUCKET_PATH, request.url).href;
      const key = `public/images/${crypto.randomUUID()}`;
      forms.set(key, `${bucket}/${key}`);
      return {
        fields: { key, 'Content-Type': body.content_type, policy: 'mock-policy' },
        s3_bucket_url: bucket,
        s3_object_url: `${bucket}/${key}`,
        rate_limited: false,
      };
    }),
    http.post(`*${MOCK_IMAGE_BUCKET_PATH}`, async ({ request }) => {
      const form = await request.formData();
      const address = forms.get(String(form.get('key') ?? ''));
      const file = form.get('file');
      if (!address || !(file instanceof Blob) || file.size > MAX_BYTES)
        return new HttpResponse('<Error><Code>AccessDenied</Code></Error>', { status: 403, headers: { 'content-type': 'application/xml' } });
      uploads.set(address, file);
      return HttpResponse.json({ key: form.get('key'), secure_url: address }, { status: 201 });
    }),
    getGenerateTryOnAvatarMockHandler(async ({ request }) => {
      const userId = signedIn();
      withinHourlyLimit(userId);
      const body = (await request.json()) as GenerateTryOnAvatarBody;
      const photo = uploaded(body.user_image_url);
      if (body.selfie_image_url) uploaded(body.selfie_image_url);
      const imageId = crypto.randomUUID();
      images.set(imageId, photo);
      change(userId, (s, who) =>
        decideAvatarGenerated(s, { ...who, imageId, objectKey: `try-on/${userId}/${imageId}`, contentType: photo.type, withSelfie: !!body.selfie_image_url }),
      );
      return { status: 'success', try_on_photo_url: tryOnImageUrl(imageId) };
    }),
    getSaveTryOnAvatarMockHandler(async ({ request }) => {
      const userId = signedIn();
      const imageId = imageIdOf(((await request.json()) as SaveTryOnAvatarBody).try_on_photo_url);
      if (!imageId) refuse(tryOnErrors.imageNotFound());
      change(userId, (s, who) => decideSave(s, { ...who, imageId }));
      return { status: 'success', try_on_photo_url: tryOnImageUrl(imageId) };
    }),
    getDeleteTryOnAvatarMockHandler(() => {
      const userId = signedIn();
      change(userId, (s, who) => decideDelete(s, who));
      return { status: 'success', try_on_photo_url: null };
    }),
    getGetTryOnAvatarMockHandler(() => {
      const avatar = savedAvatar(signedIn());
      return { status: 'success', try_on_photo_url: avatar ? tryOnImageUrl(avatar) : null };
    }),
    getGetTryOnImageMockHandler(({ params }) => {
      const imageId = String(params.imageId);
      const blob = stateOf(signedIn()).images[imageId] && images.get(imageId);
      if (!blob) refuse(tryOnErrors.imageNotFound());
      return blob;
    }),
    getGenerateShoppingTryOnMockHandler(async ({ request }) => {
      const userId = signedIn();
      withinHourlyLimit(userId);
      const body = (await request.json()) as GenerateShoppingTryOnBody;
      const avatarId = imageIdOf(body.image_url);
      const avatar = avatarId && stateOf(userId).images[avatarId]?.kind === 'avatar' ? images.get(avatarId) : undefined;
      if (!avatarId || !avatar) refuse(tryOnErrors.noAvatar());
      const imageId = crypto.randomUUID();
      images.set(imageId, avatar);
      change(userId, (s, who) =>
        decideTryOnGenerated(s, { ...who, imageId, objectKey: `try-on/${userId}/${imageId}`, contentType: avatar.type, avatarImageId: avatarId }),
      );
      return { status: 'success', user_try_on_photo_url: tryOnImageUrl(avatarId), image_url: tryOnImageUrl(imageId) };
    }),
  ];
}
