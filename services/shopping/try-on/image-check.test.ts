// The image checks: by bytes, not name; the pixel size from the header (a bomb is refused unread).
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { pngHeader } from '../../../tests/fakes/image-provider.js';
import { closeWorkerPools } from '../../workers/index.js';
import { checkImage, saneDimensions, TRY_ON_IMAGE_MAX_BYTES, TRY_ON_MAX_PIXELS, TRY_ON_MAX_SIDE } from './image-check.js';
import { imageOfAnswer } from './image-provider.js';
import { imageIdOf, tryOnImageUrl } from './image-urls.js';

afterAll(() => closeWorkerPools());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  );

test('a PNG is taken by its bytes; text, a bomb and more than 10 MB are refused', async () => {
  expect(await checkImage(PNG)).toMatchObject({ type: 'png', contentType: 'image/png', width: 1, height: 1 });
  expect(await code(checkImage(Buffer.from('<svg onload="alert(1)"></svg>')))).toBe('invalid_try_on_image');
  expect(await code(checkImage(pngHeader(100_000, 100_000)))).toBe('invalid_try_on_image');
  expect(await code(checkImage(Buffer.alloc(TRY_ON_IMAGE_MAX_BYTES + 1)))).toBe('try_on_image_too_large');
});

test('sane dimensions: both sides known, each within 8192, the area within 40 megapixels', () => {
  fc.assert(
    fc.property(fc.nat(20_000), fc.nat(20_000), (w, h) => {
      expect(saneDimensions(w, h)).toBe(w > 0 && h > 0 && w <= TRY_ON_MAX_SIDE && h <= TRY_ON_MAX_SIDE && w * h <= TRY_ON_MAX_PIXELS);
    }),
  );
});

test("an images API answer's b64_json is the image; anything else is the provider's failure", () => {
  expect(imageOfAnswer(Buffer.from(JSON.stringify({ data: [{ b64_json: PNG.toString('base64') }] })))).toEqual(PNG);
  for (const bad of ['not json', '{}', '{"data":[]}', '{"data":[{"url":"https://x"}]}', '{"data":[{"b64_json":""}]}'])
    expect(() => imageOfAnswer(Buffer.from(bad))).toThrow(expect.objectContaining({ code: 'try_on_failed' }));
});

test('an image address gives its id back, relative or absolute; any other address none', () => {
  fc.assert(
    fc.property(fc.uuid(), fc.constantFrom('', 'http://localhost:3000', 'https://answers.example.com'), (uuid, origin) => {
      expect(imageIdOf(`${origin}${tryOnImageUrl(uuid)}`)).toBe(uuid.toLowerCase() === uuid ? uuid : null);
    }),
  );
  expect(imageIdOf('/rest/shopping/try-on-photo/images/../../account')).toBeNull();
  expect(imageIdOf('not a url at all ::')).toBeNull();
});
