import { APIError } from 'better-auth/api';
import { describe, expect, test } from 'vitest';
import { toProblem } from './problem-mapping.js';

describe('toProblem', () => {
  test("the auth library's 401 (a session that ended while the request was on its way) is 401 unauthenticated", () => {
    expect(toProblem(APIError.from('UNAUTHORIZED', { message: 'Unauthorized', code: 'UNAUTHORIZED' }))).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  test('an unknown error is left for the 500 handler', () => {
    expect(toProblem(new Error('boom'))).toBeNull();
  });
});
