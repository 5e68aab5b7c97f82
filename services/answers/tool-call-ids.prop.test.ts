import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { answerToolCallId } from './tool-call-ids.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('answer tool call ids', () => {
  test('the same answer and place give the same id, a UUID (the API takes call ids as UUIDs)', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.nat(1000), (backend, n) => {
        const id = answerToolCallId(backend, n);
        expect(id).toMatch(UUID);
        expect(answerToolCallId(backend, n)).toBe(id);
      }),
    );
  });

  test('another place in the answer, or another answer, gives another id', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), fc.nat(50), fc.nat(50), (a, b, i, j) => {
        fc.pre(a !== b || i !== j);
        expect(answerToolCallId(a, i)).not.toBe(answerToolCallId(b, j));
      }),
    );
  });
});
