// The image-generation provider behind avatars and try-ons: an OpenAI-compatible images edit
// endpoint (POST {IMAGE_BASE_URL}/images/edits, multipart: model, prompt, the images; answer
// `data[0].b64_json`). Works with OpenAI's gpt-image-1 and servers that copy its API. The answer
// is a provider payload: its size is capped while read, and the image it holds is checked by
// the caller like any upload. The key goes only in the Authorization header, never in a log.
import type { Logger } from 'pino';
import { readCappedBody } from '../../shared/capped-body.js';
import { tryOnErrors } from './errors.js';

export type ImageInput = { bytes: Buffer; contentType: string; filename: string };

export interface ImageGenerator {
  /** A new image from the inputs and the instruction, as bytes (their type is read by the caller). */
  edit(images: ImageInput[], prompt: string): Promise<Buffer>;
}

export type ImageProviderConfig = { baseUrl: string; apiKey?: string; model: string; timeoutMs: number };

/** Base64 of a 10 MB-ish image plus JSON around it; more is not an answer we want. */
const MAX_ANSWER_BYTES = 40 * 1024 * 1024;

export function openAiImageGenerator(config: ImageProviderConfig, logger: Pick<Logger, 'warn'>): ImageGenerator {
  const endpoint = `${config.baseUrl.replace(/\/+$/, '')}/images/edits`;
  return {
    async edit(images, prompt) {
      const form = new FormData();
      form.set('model', config.model);
      form.set('prompt', prompt);
      form.set('n', '1');
      // One image goes as `image`; several as `image[]`, as OpenAI's API takes them.
      const field = images.length > 1 ? 'image[]' : 'image';
      for (const img of images) form.append(field, new Blob([new Uint8Array(img.bytes)], { type: img.contentType }), img.filename);
      const signal = AbortSignal.timeout(config.timeoutMs);
      let body: Buffer | 'too_large';
      let status: number;
      try {
        const res = await fetch(endpoint, {
          method: 'POST',
          body: form,
          signal,
          headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
        });
        status = res.status;
        body = await readCappedBody(res, MAX_ANSWER_BYTES);
      } catch (err) {
        if (signal.aborted) throw tryOnErrors.timeout();
        logger.warn({ err: (err as Error).message }, 'the image provider could not be reached');
        throw tryOnErrors.failed();
      }
      if (body === 'too_large') throw tryOnErrors.failed();
      if (status < 200 || status >= 300) {
        logger.warn({ status }, 'the image provider refused an edit');
        throw tryOnErrors.failed();
      }
      return imageOfAnswer(body);
    },
  };
}

/** The image of an images API answer: `data[0].b64_json`. */
export function imageOfAnswer(body: Buffer): Buffer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw tryOnErrors.failed();
  }
  const b64 = (parsed as { data?: { b64_json?: unknown }[] })?.data?.[0]?.b64_json;
  if (typeof b64 !== 'string' || !b64) throw tryOnErrors.failed();
  const bytes = Buffer.from(b64, 'base64');
  if (!bytes.length) throw tryOnErrors.failed();
  return bytes;
}

/** What the provider is asked. The person's photos and the product's picture are images, never instructions. */
export const PROMPTS = {
  avatarFromSelfie:
    'Make a realistic full-body photo of the person in this selfie, standing upright and facing the camera in plain fitted clothes against a plain light-grey background, for trying on clothes. Keep their face, skin tone and hair exactly.',
  avatarFromBody:
    'Make a realistic full-body photo of the person in the first image, standing upright and facing the camera in plain fitted clothes against a plain light-grey background, for trying on clothes. Keep their body shape; keep the face of the person in the second image exactly.',
  tryOn:
    'Dress the person in the first image in the product shown in the second image. Keep the person, their face, body, pose and the background unchanged; show the product as it looks in its picture.',
} as const;
