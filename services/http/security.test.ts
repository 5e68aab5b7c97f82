import { describe, expect, test } from 'vitest';
import { sameOriginWrites } from './security.js';

function run(headers: Record<string, string>, method = 'POST', protocol = 'http') {
  let status = 0;
  let passed = false;
  const res = {
    status: (s: number) => {
      status = s;
      return res;
    },
    type: () => res,
    send: () => res,
  };
  sameOriginWrites(['https://answers.example.com'])({ method, headers, protocol } as never, res as never, () => (passed = true));
  return passed ? 'passed' : status;
}

describe('state-changing requests from another site are refused', () => {
  test('the configured origins are accepted, whatever host served the request', () => {
    expect(run({ origin: 'https://answers.example.com', host: 'internal:3000' })).toBe('passed');
  });
  test('request headers never make an origin trusted: not Host, not X-Forwarded-Host', () => {
    // A forged Host (or a proxy passing the client's) must not let a foreign page write.
    expect(run({ origin: 'https://evil.example', host: 'evil.example' }, 'POST', 'https')).toBe(403);
    expect(run({ origin: 'http://192.0.2.10:3000', host: '192.0.2.10:3000' })).toBe(403);
    expect(run({ origin: 'https://evil.example', host: 'answers.example.com', 'x-forwarded-host': 'evil.example' }, 'POST', 'https')).toBe(403);
  });
  test('the same host on another scheme is another origin', () => {
    expect(run({ origin: 'http://answers.example.com', host: 'answers.example.com' }, 'POST', 'https')).toBe(403);
  });
  test('another origin, or a cross-site fetch without Origin, gets 403', () => {
    expect(run({ origin: 'https://evil.example', host: 'answers.example.com' })).toBe(403);
    expect(run({ origin: 'null', host: 'answers.example.com' })).toBe(403);
    expect(run({ 'sec-fetch-site': 'cross-site', host: 'answers.example.com' })).toBe(403);
  });
  test('reads and clients that send no Origin (curl, SDKs) are not affected', () => {
    expect(run({ origin: 'https://evil.example', host: 'x' }, 'GET')).toBe('passed');
    expect(run({ host: 'answers.example.com' })).toBe('passed');
  });
});
