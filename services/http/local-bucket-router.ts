// The local bucket's HTTP face (services/storage/local-storage.ts is the bucket), mounted by the edge at /storage. It answers the same browser POST
// upload an S3 bucket answers (fields first, then the file, checked against the signed policy)
// and serves objects to presigned GET addresses. An upload becomes visible only once complete:
// the bytes go to a temporary file and are renamed into place after every check has passed.
import busboy from 'busboy';
import { Router, type Request, type Response, type NextFunction } from 'express';
import { XMLBuilder } from 'fast-xml-parser';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { objectKeyProblem } from '../storage/object-keys.js';
import { downloadDisposition } from '../storage/storage.js';
import type { LocalBucketBackend } from '../storage/local-bucket.js';
import { checkContentLength, type AcceptedPostForm, type PostFormFailure } from '../storage/sigv4-post.js';

type Failure = { ok: false; status: number; code: string; message: string };
type Received = { ok: true; form: AcceptedPostForm; tempPath: string };

// Limits on the form before the file: S3 answers oversize pre-data with a 400 too.
const FORM_LIMITS = { fields: 20, fieldSize: 8 * 1024, files: 1 };
// Types a browser shows without running anything: only these are ever shown inline, since the
// bytes come from users and share the app's origin (an HTML or SVG file would be a page).
const SAFE_INLINE = /^(application\/pdf|image\/(png|jpeg|gif|webp|avif)|text\/(plain|csv|markdown)|audio\/[\w.+-]+|video\/[\w.+-]+)\s*(;|$)/i;

export function createLocalBucketRouter(backend: LocalBucketBackend): Router {
  const router = Router();
  router.post(`/${backend.bucket}`, (req, res, next) => {
    receiveUpload(backend, req, res).catch(next);
  });
  router.get(`/${backend.bucket}/*key`, (req, res, next) => {
    serveObject(backend, req, res, next).catch(next);
  });
  return router;
}

async function receiveUpload(backend: LocalBucketBackend, req: Request, res: Response) {
  const outcome = await parseUpload(backend, req);
  if (!outcome.ok) {
    // Read the rest of the body and throw it away: a browser still sending would otherwise see
    // a broken connection instead of this answer. The server's request timeout bounds it.
    req.unpipe();
    req.resume();
    sendError(res, outcome);
    return;
  }
  const { form, tempPath } = outcome;
  try {
    await backend.commitUpload(form.key, tempPath, form.contentType);
  } catch (err) {
    await rm(tempPath, { force: true });
    if ((err as Error).name === 'ObjectExistsError')
      sendError(res, failure(412, 'PreconditionFailed', 'An object already exists at this key: an upload form is good for one upload.'));
    else sendError(res, failure(500, 'InternalError', 'The object could not be stored.'));
    return;
  }
  const status = form.fields.success_action_status;
  const secureUrl = backend.objectUrl(form.key);
  res.setHeader('location', secureUrl);
  if (status === '204' || status === '200') res.status(Number(status)).end();
  else res.status(201).json({ key: form.key, secure_url: secureUrl });
}

/** Reads the form: fields, then the policy check, then the file into a temporary file. */
function parseUpload(backend: LocalBucketBackend, req: Request): Promise<Received | Failure> {
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { ...FORM_LIMITS, fileSize: backend.maxUploadBytes + 1 } });
    } catch {
      resolve(failure(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.'));
      return;
    }
    const fields: Record<string, string> = {};
    let file: Promise<Received | Failure> | null = null;
    let settled = false;
    const done = (outcome: Received | Failure) => {
      if (settled) return;
      settled = true;
      // A refusal after the file was already written (a broken form end, say) must not leave it.
      if (!outcome.ok && file) void file.then((received) => (received.ok ? rm(received.tempPath, { force: true }) : undefined));
      resolve(outcome);
    };

    parser.on('field', (name, value, info) => {
      if (file) return; // S3 ignores whatever follows the file.
      if (info.nameTruncated || info.valueTruncated) return done(failure(400, 'MaxPostPreDataLengthExceededError', 'A form field is larger than 8 KB.'));
      if (Object.hasOwn(fields, name)) return done(failure(400, 'InvalidArgument', `The form field ${name} was sent twice.`));
      fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      if (file || settled) return void stream.resume();
      if (name !== 'file') {
        stream.resume();
        return done(failure(400, 'InvalidArgument', "The file must be the form field named 'file', after all other fields."));
      }
      file = acceptFile(backend, fields, stream).catch(() => drained(stream, failure(500, 'InternalError', 'The upload could not be received.')));
      void file.then((outcome) => !outcome.ok && done(outcome));
    });
    parser.on('fieldsLimit', () => done(failure(400, 'InvalidArgument', `At most ${FORM_LIMITS.fields} form fields are allowed.`)));
    parser.on('filesLimit', () => done(failure(400, 'InvalidArgument', 'POST requires exactly one file upload per request.')));
    parser.on('error', () => done(failure(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.')));
    parser.on('close', () => {
      if (!file) return done(failure(400, 'InvalidArgument', 'POST requires exactly one file upload per request.'));
      void file.then(done);
    });
    // A browser that goes away mid-file: end the parse so the partial file is removed.
    req.on('close', () => {
      if (req.complete) return;
      parser.destroy(new Error('request aborted'));
      done(failure(400, 'IncompleteBody', 'The request ended before the form did.'));
    });
    req.pipe(parser);
  });
}

async function acceptFile(
  backend: LocalBucketBackend,
  fields: Record<string, string>,
  stream: Readable & { truncated?: boolean },
): Promise<Received | Failure> {
  const form = backend.verifyUploadFields(fields);
  if (!form.ok) return drained(stream, form);
  const keyProblem = objectKeyProblem(form.key);
  if (keyProblem) return drained(stream, failure(400, 'InvalidArgument', `Invalid object key: ${keyProblem}.`));
  // The local bucket always needs a size limit: without one a form could fill the disk.
  if (!form.lengthRange) return drained(stream, failure(403, 'AccessDenied', 'The policy must set a content-length-range.'));
  const max = Math.min(form.lengthRange.max, backend.maxUploadBytes);
  const tempPath = await backend.newTempPath();
  let size = 0;
  let tooLarge = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > max) {
        tooLarge = true;
        callback(new Error('EntityTooLarge'));
      } else callback(null, chunk);
    },
  });
  try {
    await pipeline(stream, counter, createWriteStream(tempPath, { flags: 'wx' }));
  } catch {
    await rm(tempPath, { force: true });
    stream.resume();
    return tooLarge ? tooLargeFailure() : failure(400, 'IncompleteBody', 'The file ended before the form did.');
  }
  const sizeProblem = stream.truncated ? tooLargeFailure() : checkContentLength(form, size);
  if (sizeProblem) {
    await rm(tempPath, { force: true });
    return sizeProblem;
  }
  return { ok: true, form, tempPath };
}

async function serveObject(backend: LocalBucketBackend, req: Request, res: Response, next: NextFunction) {
  const key = ([] as string[]).concat(req.params.key ?? []).join('/');
  const problem = objectKeyProblem(key);
  if (problem) return sendError(res, failure(400, 'InvalidArgument', `Invalid object key: ${problem}.`));
  const query = Object.fromEntries(Object.entries(req.query).map(([name, value]) => [name, typeof value === 'string' ? value : undefined]));
  const access = backend.checkGetAccess(key, query);
  if (!access.ok) return sendError(res, failure(403, 'AccessDenied', access.message));
  const object = await backend.objectFile(key);
  if (!object) return sendError(res, failure(404, 'NoSuchKey', 'The specified key does not exist.'));

  const inline = access.inline && SAFE_INLINE.test(object.contentType);
  res.set({
    'content-type': object.contentType,
    'content-disposition': downloadDisposition(access.filename, inline),
    'cache-control': 'private, max-age=60',
    'x-content-type-options': 'nosniff',
  });
  // Uploaded bytes share the app's origin: no script they hold may run there. PDF viewers are
  // spared the sandbox, which stops browsers from showing them at all.
  if (!/^application\/pdf\b/i.test(object.contentType))
    res.set('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'");
  res.sendFile(object.path, { dotfiles: 'allow', cacheControl: false }, (err) => {
    if (err && !res.headersSent) next(err);
  });
}

const xml = new XMLBuilder({ format: false });

/** An S3-style XML error body. */
function sendError(res: Response, error: Failure | PostFormFailure) {
  if (res.headersSent) return;
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n${xml.build({ Error: { Code: error.code, Message: error.message } })}`;
  res.status(error.status).set('content-type', 'application/xml').send(body);
}

function failure(status: number, code: string, message: string): Failure {
  return { ok: false, status, code, message };
}

/** Skips the rest of a refused file so the form can still be read to its end. */
function drained(stream: Readable, refusal: Failure): Failure {
  stream.resume();
  return refusal;
}

function tooLargeFailure(): Failure {
  return failure(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
}
