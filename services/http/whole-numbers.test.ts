import fc from 'fast-check';
import { expect, test } from 'vitest';
import { rawPathParams } from './whole-numbers.js';

test('a path parameter is read as the path wrote it, blank and signs included', () => {
  const route = '/rest/agent/tasks/:task_uuid/screenshots/:step';
  expect(rawPathParams(route, '/rest/agent/tasks/abc/screenshots/%20')).toEqual(
    new Map([
      ['task_uuid', 'abc'],
      ['step', ' '],
    ]),
  );
  expect(rawPathParams(route, '/rest/agent/tasks/abc/screenshots/-1e999/')).toEqual(
    new Map([
      ['task_uuid', 'abc'],
      ['step', '-1e999'],
    ]),
  );
  // A malformed escape is kept as written (and then refused as not digits).
  expect(rawPathParams(route, '/rest/agent/tasks/abc/screenshots/%E0%A4%A').get('step')).toBe('%E0%A4%A');
});

test('any segment text comes back whole from its encoding', () => {
  fc.assert(
    fc.property(fc.string(), fc.string(), (a, b) => {
      const params = rawPathParams('/x/:a/y/:b', `/x/${encodeURIComponent(a)}/y/${encodeURIComponent(b)}`);
      return params.get('a') === a && params.get('b') === b;
    }),
  );
});
