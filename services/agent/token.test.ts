// Agent tokens and request ids: what the server signed is accepted until it expires; anything
// altered, made up or signed with another key is not.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { agentRequestId, taskOfRequestId } from './request-ids.js';
import { signAgentToken, verifyAgentToken } from './token.js';

const now = new Date('2026-01-01T00:00:00Z');
const later = new Date(now.getTime() + 60_000);

test('a token names its person until it expires', () => {
  const token = signAgentToken('s', 'ada', later);
  expect(verifyAgentToken('s', token, now)).toBe('ada');
  expect(verifyAgentToken('s', token, new Date(later.getTime() + 1))).toBeNull();
  expect(verifyAgentToken('other', token, now)).toBeNull();
});

test('no altered token is accepted', () => {
  const token = signAgentToken('s', 'ada', later);
  fc.assert(
    fc.property(fc.nat({ max: token.length - 1 }), fc.string({ minLength: 1, maxLength: 1 }), (i, c) => {
      const altered = token.slice(0, i) + c + token.slice(i + 1);
      if (altered !== token) expect(verifyAgentToken('s', altered, now)).toBeNull();
    }),
  );
  expect(verifyAgentToken('s', 42, now)).toBeNull();
});

test('a request id names its task only when the server made it', () => {
  const id = agentRequestId('s', 'task-1', 3);
  expect(taskOfRequestId('s', id)).toBe('task-1');
  expect(taskOfRequestId('s', id.replace('task-1', 'task-2'))).toBeNull();
  expect(taskOfRequestId('other', id)).toBeNull();
  expect(taskOfRequestId('s', 'task-1.3.0.made-up')).toBeNull();
});
