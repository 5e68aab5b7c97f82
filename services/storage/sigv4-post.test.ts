import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import fc from 'fast-check';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkContentLength, encodePolicy, signPolicy, signingKey, verifyPostFields, verifyPostForm, type PostCredentials } from './sigv4-post.js';

type PostPolicyInput = { bucket: string; key: string; contentType: string; minBytes: number; maxBytes: number; expiresInSeconds: number };

/** A form signed by the AWS SDK at `signedAt`, with the conditions both storage adapters use. */
async function sdkSigned(input: PostPolicyInput, credentials: PostCredentials, signedAt: Date): Promise<Record<string, string>> {
  vi.setSystemTime(signedAt);
  const client = new S3Client({
    region: credentials.region,
    endpoint: 'http://local.invalid',
    forcePathStyle: true,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
  });
  const { fields } = await createPresignedPost(client, {
    Bucket: input.bucket,
    Key: input.key,
    Conditions: [
      ['content-length-range', input.minBytes, input.maxBytes],
      ['eq', '$Content-Type', input.contentType],
      ['eq', '$key', input.key],
    ],
    Fields: { 'Content-Type': input.contentType, success_action_status: '201' },
    Expires: input.expiresInSeconds,
  });
  return fields;
}

// The SDK reads the clock to date its signature: only Date is faked, its timers stay real.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(() => {
  vi.useRealTimers();
});

// AWS's worked example, "Example: Browser-Based Upload using HTTP POST (Using AWS Signature
// Version 4)" in the Amazon S3 API Reference. The policy text is AWS's, with the CRLF line ends
// its published base64 encodes; the base64 and the signature are AWS's published values.
const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  date8: '20151229',
  policyText: [
    '{ "expiration": "2015-12-30T12:00:00.000Z",',
    '  "conditions": [',
    '    {"bucket": "sigv4examplebucket"},',
    '    ["starts-with", "$key", "user/user1/"],',
    '    {"acl": "public-read"},',
    '    {"success_action_redirect": "http://sigv4examplebucket.s3.amazonaws.com/successful_upload.html"},',
    '    ["starts-with", "$Content-Type", "image/"],',
    '    {"x-amz-meta-uuid": "14365123651274"},',
    '    {"x-amz-server-side-encryption": "AES256"},',
    '    ["starts-with", "$x-amz-meta-tag", ""],',
    '',
    '    {"x-amz-credential": "AKIAIOSFODNN7EXAMPLE/20151229/us-east-1/s3/aws4_request"},',
    '    {"x-amz-algorithm": "AWS4-HMAC-SHA256"},',
    '    {"x-amz-date": "20151229T000000Z" }',
    '  ]',
    '}',
  ].join('\r\n'),
  policyBase64:
    'eyAiZXhwaXJhdGlvbiI6ICIyMDE1LTEyLTMwVDEyOjAwOjAwLjAwMFoiLA0KICAiY29uZGl0aW9ucyI6IFsNCiAgICB7ImJ1Y2tldCI6ICJzaWd2NGV4YW1wbGVidWNrZXQifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRrZXkiLCAidXNlci91c2VyMS8iXSwNCiAgICB7ImFjbCI6ICJwdWJsaWMtcmVhZCJ9LA0KICAgIHsic3VjY2Vzc19hY3Rpb25fcmVkaXJlY3QiOiAiaHR0cDovL3NpZ3Y0ZXhhbXBsZWJ1Y2tldC5zMy5hbWF6b25hd3MuY29tL3N1Y2Nlc3NmdWxfdXBsb2FkLmh0bWwifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRDb250ZW50LVR5cGUiLCAiaW1hZ2UvIl0sDQogICAgeyJ4LWFtei1tZXRhLXV1aWQiOiAiMTQzNjUxMjM2NTEyNzQifSwNCiAgICB7IngtYW16LXNlcnZlci1zaWRlLWVuY3J5cHRpb24iOiAiQUVTMjU2In0sDQogICAgWyJzdGFydHMtd2l0aCIsICIkeC1hbXotbWV0YS10YWciLCAiIl0sDQoNCiAgICB7IngtYW16LWNyZWRlbnRpYWwiOiAiQUtJQUlPU0ZPRE5ON0VYQU1QTEUvMjAxNTEyMjkvdXMtZWFzdC0xL3MzL2F3czRfcmVxdWVzdCJ9LA0KICAgIHsieC1hbXotYWxnb3JpdGhtIjogIkFXUzQtSE1BQy1TSEEyNTYifSwNCiAgICB7IngtYW16LWRhdGUiOiAiMjAxNTEyMjlUMDAwMDAwWiIgfQ0KICBdDQp9',
  signature: '8afdbf4008c03f22c2cd3cdb72e4afbb1f6a588f3255ac628749a66d7f09699e',
};

/** The example's HTML form as a browser would submit it, with a key its policy allows. */
function awsExampleForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    key: 'user/user1/MyPhoto.jpg',
    acl: 'public-read',
    success_action_redirect: 'http://sigv4examplebucket.s3.amazonaws.com/successful_upload.html',
    'Content-Type': 'image/jpeg',
    'x-amz-meta-uuid': '14365123651274',
    'x-amz-server-side-encryption': 'AES256',
    'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20151229/us-east-1/s3/aws4_request',
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Date': '20151229T000000Z',
    'x-amz-meta-tag': '',
    Policy: AWS_EXAMPLE.policyBase64,
    'X-Amz-Signature': AWS_EXAMPLE.signature,
    ...overrides,
  };
}

const awsCredentials: PostCredentials = { accessKeyId: AWS_EXAMPLE.accessKeyId, secretAccessKey: AWS_EXAMPLE.secretAccessKey, region: AWS_EXAMPLE.region };
const awsVerify = (now: string) => ({ bucket: 'sigv4examplebucket', now: new Date(now), credentials: awsCredentials });

describe("AWS's browser-based POST upload example", () => {
  it('encodes the example policy to the base64 AWS publishes', () => {
    expect(Buffer.from(AWS_EXAMPLE.policyText, 'utf8').toString('base64')).toBe(AWS_EXAMPLE.policyBase64);
  });

  it('signs the example policy to the signature AWS publishes', () => {
    expect(signPolicy(AWS_EXAMPLE.policyBase64, AWS_EXAMPLE.secretAccessKey, AWS_EXAMPLE.date8, AWS_EXAMPLE.region)).toBe(AWS_EXAMPLE.signature);
  });

  it('derives the signing key as the HMAC chain date, region, s3, aws4_request', () => {
    // The signature is HMAC(signing key, policy): an independent HMAC with the derived key must agree.
    const key = signingKey(AWS_EXAMPLE.secretAccessKey, AWS_EXAMPLE.date8, AWS_EXAMPLE.region);
    expect(key).toHaveLength(32);
    expect(createHmac('sha256', key).update(AWS_EXAMPLE.policyBase64).digest('hex')).toBe(AWS_EXAMPLE.signature);
  });

  it("accepts the example's form before the policy expires", () => {
    const result = verifyPostForm(awsExampleForm(), 1000, awsVerify('2015-12-29T12:00:00Z'));
    expect(result).toMatchObject({ ok: true, key: 'user/user1/MyPhoto.jpg', contentType: 'image/jpeg', lengthRange: null });
  });

  it('refuses it once the policy has expired', () => {
    expect(verifyPostForm(awsExampleForm(), 1000, awsVerify('2015-12-30T12:00:00Z'))).toMatchObject({
      ok: false,
      status: 403,
      message: expect.stringContaining('expired'),
    });
  });

  it('refuses a key outside the starts-with prefix, a non-image type and a field the policy does not list', () => {
    const now = '2015-12-29T12:00:00Z';
    expect(verifyPostForm(awsExampleForm({ key: 'user/user2/x.jpg' }), 1, awsVerify(now))).toMatchObject({ ok: false, status: 403, code: 'AccessDenied' });
    expect(verifyPostForm(awsExampleForm({ 'Content-Type': 'text/html' }), 1, awsVerify(now))).toMatchObject({ ok: false, status: 403, code: 'AccessDenied' });
    expect(verifyPostForm(awsExampleForm({ 'x-amz-meta-extra': '1' }), 1, awsVerify(now))).toMatchObject({
      ok: false,
      status: 403,
      message: expect.stringContaining('Extra input fields'),
    });
    expect(verifyPostForm(awsExampleForm({ 'x-ignore-me': '1' }), 1, awsVerify(now))).toMatchObject({ ok: true });
  });

  it('refuses a form sent to another bucket or signed with another secret', () => {
    const now = '2015-12-29T12:00:00Z';
    expect(verifyPostForm(awsExampleForm(), 1, { ...awsVerify(now), bucket: 'other' })).toMatchObject({ ok: false, status: 403 });
    expect(verifyPostForm(awsExampleForm(), 1, { ...awsVerify(now), credentials: { ...awsCredentials, secretAccessKey: 'x' } })).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
  });
});

describe('the AWS SDK signs the forms our verifier checks', () => {
  it('binds bucket, exact key, exact type, byte range and the signing fields', async () => {
    const credentials = { accessKeyId: 'ID', secretAccessKey: 'S', region: 'r' };
    const input = { bucket: 'local', key: 'a/b.pdf', contentType: 'application/pdf', minBytes: 1, maxBytes: 10, expiresInSeconds: 60 };
    const fields = await sdkSigned(input, credentials, new Date('2026-01-01T00:00:00Z'));
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8'));
    expect(Date.parse(policy.expiration)).toBe(Date.parse('2026-01-01T00:01:00Z'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { bucket: 'local' },
        ['eq', '$key', 'a/b.pdf'],
        ['eq', '$Content-Type', 'application/pdf'],
        ['content-length-range', 1, 10],
        { 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' },
        { 'X-Amz-Credential': 'ID/20260101/r/s3/aws4_request' },
        { 'X-Amz-Date': '20260101T000000Z' },
      ]),
    );
    expect(verifyPostForm(fields, 5, { bucket: 'local', now: new Date('2026-01-01T00:00:30Z'), credentials })).toMatchObject({ ok: true, key: 'a/b.pdf' });
  });
});

describe('verifyPostFields', () => {
  const credentials: PostCredentials = { accessKeyId: 'LOCAL', secretAccessKey: 'secret', region: 'local' };
  const now = new Date('2026-03-01T10:00:00Z');
  const input: PostPolicyInput = { bucket: 'local', key: 'k/1.txt', contentType: 'text/plain', minBytes: 1, maxBytes: 5, expiresInSeconds: 300 };
  let fields: Record<string, string>;
  beforeAll(async () => {
    fields = await sdkSigned(input, credentials, now);
  });
  const opts = { bucket: 'local', now, credentials };

  it('reports missing fields as S3 does: key 400, signing fields 403', () => {
    const { key: _key, ...noKey } = fields;
    expect(verifyPostFields(noKey, opts)).toMatchObject({ ok: false, status: 400, code: 'InvalidArgument' });
    const { Policy: _policy, ...noPolicy } = fields;
    expect(verifyPostFields(noPolicy, opts)).toMatchObject({ ok: false, status: 403 });
  });

  it('refuses an unknown access key, another region and a malformed policy', () => {
    expect(verifyPostFields(fields, { ...opts, credentials: { ...credentials, accessKeyId: 'OTHER' } })).toMatchObject({
      ok: false,
      code: 'InvalidAccessKeyId',
    });
    expect(verifyPostFields(fields, { ...opts, credentials: { ...credentials, region: 'eu' } })).toMatchObject({ ok: false, status: 400 });
    const junk = Buffer.from('not json').toString('base64');
    const signed = { ...fields, Policy: junk, 'X-Amz-Signature': signPolicy(junk, 'secret', '20260301', 'local') };
    expect(verifyPostFields(signed, opts)).toMatchObject({ ok: false, status: 400, code: 'InvalidPolicyDocument' });
  });

  it('refuses the same field sent twice under two spellings', () => {
    expect(verifyPostFields({ ...fields, KEY: 'k/1.txt' }, opts)).toMatchObject({ ok: false, status: 400 });
  });

  it('checks the byte range only once the size is known', () => {
    const form = verifyPostFields(fields, opts);
    if (!form.ok) throw new Error(form.message);
    expect(checkContentLength(form, 5)).toBeNull();
    expect(checkContentLength(form, 6)).toMatchObject({ code: 'EntityTooLarge' });
    expect(checkContentLength(form, 0)).toMatchObject({ code: 'EntityTooSmall' });
  });
});

describe('sign then verify (properties)', () => {
  const segment = fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,15}$/);
  const arbKey = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));
  const arbType = fc.constantFrom(
    'application/pdf',
    'text/plain',
    'image/png',
    'text/csv; charset=utf-8',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );
  type Case = {
    key: string;
    contentType: string;
    minBytes: number;
    span: number;
    expiresInSeconds: number;
    signedAt: Date;
    secret: string;
    sizeAt: number;
    elapsedAt: number;
  };
  const arbCase: fc.Arbitrary<Case> = fc.record({
    key: arbKey,
    contentType: arbType,
    minBytes: fc.integer({ min: 0, max: 1000 }),
    span: fc.integer({ min: 0, max: 10_000 }),
    expiresInSeconds: fc.integer({ min: 1, max: 7 * 24 * 3600 }),
    signedAt: fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000)),
    secret: fc.string({ minLength: 1, maxLength: 64 }),
    sizeAt: fc.double({ min: 0, max: 1, noNaN: true }),
    elapsedAt: fc.double({ min: 0, max: 0.999, noNaN: true }),
  });
  const setup = async (c: Case) => {
    const credentials: PostCredentials = { accessKeyId: 'AKID', secretAccessKey: c.secret, region: 'us-east-1' };
    const input: PostPolicyInput = {
      bucket: 'bucket',
      key: c.key,
      contentType: c.contentType,
      minBytes: c.minBytes,
      maxBytes: c.minBytes + c.span,
      expiresInSeconds: c.expiresInSeconds,
    };
    const fields = await sdkSigned(input, credentials, c.signedAt);
    const size = c.minBytes + Math.floor(c.sizeAt * c.span);
    const now = new Date(c.signedAt.getTime() + Math.floor(c.elapsedAt * c.expiresInSeconds * 1000));
    return { credentials, input, fields, size, opts: { bucket: 'bucket', now, credentials } };
  };

  it('accepts every form the SDK signed, within the deadline and the byte range', () => {
    return fc.assert(
      fc.asyncProperty(arbCase, async (c) => {
        const { fields, size, opts, input } = await setup(c);
        const result = verifyPostForm(fields, size, opts);
        expect(result).toMatchObject({ ok: true, key: input.key, contentType: input.contentType, lengthRange: { min: input.minBytes, max: input.maxBytes } });
      }),
    );
  });

  it('refuses any change to the key, the type or a signed field', () => {
    const tamper = fc.constantFrom('key', 'Content-Type', 'X-Amz-Date', 'X-Amz-Credential', 'success_action_status');
    return fc.assert(
      fc.asyncProperty(arbCase, tamper, fc.string({ minLength: 1, maxLength: 8 }), async (c, field, suffix) => {
        const { fields, size, opts } = await setup(c);
        const changed = { ...fields, [field]: (fields[field] ?? '') + suffix };
        expect(verifyPostForm(changed, size, opts).ok).toBe(false);
      }),
    );
  });

  it('refuses a policy re-encoded with another key, or any other signature', () => {
    return fc.assert(
      fc.asyncProperty(arbCase, arbKey, fc.stringMatching(/^[0-9a-f]{64}$/), async (c, otherKey, otherSignature) => {
        const { fields, size, opts, input } = await setup(c);
        fc.pre(otherKey !== input.key);
        // The signed policy with the key swapped, re-encoded but not re-signed.
        const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8'));
        policy.conditions = policy.conditions.map((cond: unknown) =>
          JSON.parse(JSON.stringify(cond).replaceAll(JSON.stringify(input.key), JSON.stringify(otherKey))),
        );
        const forged = encodePolicy(policy);
        expect(verifyPostForm({ ...fields, key: otherKey, Policy: forged }, size, opts)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
        fc.pre(otherSignature !== fields['X-Amz-Signature']);
        expect(verifyPostForm({ ...fields, 'X-Amz-Signature': otherSignature }, size, opts)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
      }),
    );
  });

  it('refuses a file over the maximum or under the minimum', () => {
    return fc.assert(
      fc.asyncProperty(arbCase, fc.integer({ min: 1, max: 1_000_000 }), async (c, excess) => {
        const { fields, opts, input } = await setup(c);
        expect(verifyPostForm(fields, input.maxBytes + excess, opts)).toMatchObject({ ok: false, code: 'EntityTooLarge' });
        if (input.minBytes > 0) expect(verifyPostForm(fields, Math.max(0, input.minBytes - excess), opts)).toMatchObject({ ok: false, code: 'EntityTooSmall' });
      }),
    );
  });

  it('refuses every form from its expiration on', () => {
    return fc.assert(
      fc.asyncProperty(arbCase, fc.integer({ min: 0, max: 10 * 365 * 24 * 3600 * 1000 }), async (c, lateBy) => {
        const { fields, size, opts, input } = await setup(c);
        const now = new Date(c.signedAt.getTime() + input.expiresInSeconds * 1000 + lateBy);
        expect(verifyPostForm(fields, size, { ...opts, now })).toMatchObject({ ok: false, status: 403, message: expect.stringContaining('expired') });
      }),
    );
  });
});
