// AWS Signature Version 4 for browser POST uploads, the local bucket's side: verifies a submitted
// form the way S3 does, so the local bucket honours the same contract as a real one. The forms
// themselves are signed by the AWS SDK (@aws-sdk/s3-presigned-post) for both adapters. Pure: the
// clock is an argument.
// Reference: "Browser-Based Uploads Using POST (AWS Signature Version 4)" in the S3 API docs.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';

export type PostCredentials = { accessKeyId: string; secretAccessKey: string; region: string };

export type PostPolicyCondition = Record<string, string> | ['eq' | 'starts-with', string, string] | ['content-length-range', number, number];

export type PostPolicyDocument = { expiration: string; conditions: PostPolicyCondition[] };

/** The SigV4 signing key: an HMAC chain over date, region, service and `aws4_request`. */
export function signingKey(secretAccessKey: string, date8: string, region: string, service = 's3'): Buffer {
  const dateKey = hmac(`AWS4${secretAccessKey}`, date8);
  const regionKey = hmac(dateKey, region);
  const serviceKey = hmac(regionKey, service);
  return hmac(serviceKey, 'aws4_request');
}

/** The hex signature of a base64 policy: for POST uploads the policy itself is the string to sign. */
export function signPolicy(policyBase64: string, secretAccessKey: string, date8: string, region: string): string {
  return createHmac('sha256', signingKey(secretAccessKey, date8, region))
    .update(policyBase64, 'utf8')
    .digest('hex');
}

export function encodePolicy(policy: PostPolicyDocument): string {
  return Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
}

/** An S3-like refusal: the status and code S3 would answer with. */
export type PostFormFailure = { ok: false; status: 400 | 403; code: string; message: string };

export type AcceptedPostForm = {
  ok: true;
  key: string;
  /** The submitted Content-Type, or S3's default when none was sent. */
  contentType: string;
  /** The policy's inclusive byte range, or null when it sets none. */
  lengthRange: { min: number; max: number } | null;
  /** The submitted fields, names lower-cased (S3 reads form field names case-insensitively). */
  fields: Record<string, string>;
};

export type VerifyOptions = { bucket: string; now: Date; credentials: PostCredentials };

/**
 * Checks everything that can be checked before the file arrives: the signature, the expiry and
 * every policy condition against the submitted fields. The file's size is checked afterwards
 * with checkContentLength().
 */
export function verifyPostFields(submitted: Record<string, string>, opts: VerifyOptions): AcceptedPostForm | PostFormFailure {
  const fields = Object.fromEntries(Object.entries(submitted).map(([name, value]) => [name.toLowerCase(), value]));
  if (Object.keys(fields).length !== Object.keys(submitted).length) return refuse(400, 'InvalidArgument', 'A form field was sent twice.');
  const key = fields.key;
  if (key === undefined)
    return refuse(400, 'InvalidArgument', "Bucket POST must contain a field named 'key'. If it is specified, please check the order of the fields.");
  for (const name of ['policy', 'x-amz-signature', 'x-amz-credential', 'x-amz-algorithm', 'x-amz-date'])
    if (!fields[name]) return refuse(403, 'AccessDenied', `Bucket POST must contain a field named '${name}'.`);
  if (fields['x-amz-algorithm'] !== SIGV4_ALGORITHM) return refuse(400, 'InvalidArgument', `x-amz-algorithm must be ${SIGV4_ALGORITHM}.`);

  // Credential: <access key id>/<yyyymmdd>/<region>/s3/aws4_request, on the date of x-amz-date.
  const scope = fields['x-amz-credential'].split('/');
  const date8 = scope[1] ?? '';
  if (scope.length !== 5 || scope[3] !== 's3' || scope[4] !== 'aws4_request' || !/^\d{8}$/.test(date8))
    return refuse(400, 'AuthorizationQueryParametersError', 'x-amz-credential is malformed.');
  if (!/^\d{8}T\d{6}Z$/.test(fields['x-amz-date']) || !fields['x-amz-date'].startsWith(date8))
    return refuse(400, 'AuthorizationQueryParametersError', 'x-amz-date is malformed or does not match the credential date.');
  if (scope[0] !== opts.credentials.accessKeyId) return refuse(403, 'InvalidAccessKeyId', 'The access key id you provided does not exist in our records.');
  if (scope[2] !== opts.credentials.region)
    return refuse(400, 'AuthorizationQueryParametersError', `The credential region must be ${opts.credentials.region}.`);

  const expected = signPolicy(fields.policy, opts.credentials.secretAccessKey, date8, opts.credentials.region);
  if (!sameText(expected, fields['x-amz-signature'].toLowerCase()))
    return refuse(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');

  const policy = decodePolicy(fields.policy);
  if (!policy) return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: not base64-encoded JSON with expiration and conditions.');
  const expiresAt = Date.parse(policy.expiration);
  if (Number.isNaN(expiresAt)) return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: invalid expiration.');
  if (opts.now.getTime() >= expiresAt) return refuse(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');

  const covered = new Set<string>(['policy', 'x-amz-signature', 'file']);
  let lengthRange: AcceptedPostForm['lengthRange'] = null;
  for (const condition of policy.conditions) {
    const check = readCondition(condition);
    if (!check) return refuse(400, 'InvalidPolicyDocument', `Invalid Policy: invalid condition ${JSON.stringify(condition)}.`);
    if (check.kind === 'length') {
      lengthRange = { min: check.min, max: check.max };
      continue;
    }
    covered.add(check.field);
    const value = check.field === 'bucket' ? opts.bucket : fields[check.field];
    const holds = value !== undefined && (check.kind === 'eq' ? value === check.value : value.startsWith(check.value));
    if (!holds) return refuse(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
  }
  // S3's rule: every field sent must be allowed by some condition, so none can be slipped in.
  const extra = Object.keys(fields).filter((name) => !covered.has(name) && !name.startsWith('x-ignore-'));
  if (extra.length) return refuse(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);

  return { ok: true, key, contentType: fields['content-type'] ?? 'binary/octet-stream', lengthRange, fields };
}

/** The file's actual size against the policy's content-length-range. */
export function checkContentLength(form: AcceptedPostForm, size: number): PostFormFailure | null {
  if (!form.lengthRange) return null;
  if (size > form.lengthRange.max) return refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
  if (size < form.lengthRange.min) return refuse(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.');
  return null;
}

/** Fields and file size together: the whole check, for callers that already hold the file. */
export function verifyPostForm(submitted: Record<string, string>, fileSize: number, opts: VerifyOptions): AcceptedPostForm | PostFormFailure {
  const form = verifyPostFields(submitted, opts);
  if (!form.ok) return form;
  return checkContentLength(form, fileSize) ?? form;
}

type ConditionCheck = { kind: 'eq' | 'starts-with'; field: string; value: string } | { kind: 'length'; min: number; max: number };

function readCondition(condition: unknown): ConditionCheck | null {
  if (Array.isArray(condition)) {
    const [op, a, b] = condition as unknown[];
    if (condition.length !== 3 || typeof op !== 'string') return null;
    if (op.toLowerCase() === 'content-length-range') {
      if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || (a as number) < 0 || (a as number) > (b as number)) return null;
      return { kind: 'length', min: a as number, max: b as number };
    }
    const kind = op.toLowerCase();
    if ((kind !== 'eq' && kind !== 'starts-with') || typeof a !== 'string' || !a.startsWith('$') || typeof b !== 'string') return null;
    return { kind, field: a.slice(1).toLowerCase(), value: b };
  }
  if (condition && typeof condition === 'object') {
    const entries = Object.entries(condition);
    if (entries.length !== 1 || typeof entries[0][1] !== 'string') return null;
    return { kind: 'eq', field: entries[0][0].toLowerCase(), value: entries[0][1] };
  }
  return null;
}

function decodePolicy(policyBase64: string): PostPolicyDocument | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(policyBase64)) return null;
  try {
    const doc = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as unknown;
    if (!doc || typeof doc !== 'object') return null;
    const { expiration, conditions } = doc as Record<string, unknown>;
    if (typeof expiration !== 'string' || !Array.isArray(conditions)) return null;
    return { expiration, conditions };
  } catch {
    return null;
  }
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** Constant-time equality, so the answer time says nothing about how much of a signature matched. */
function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(status: 400 | 403, code: string, message: string): PostFormFailure {
  return { ok: false, status, code, message };
}
