import { describe, expect, test } from 'vitest';
import { queryConverter } from './query-types.js';
import { loadSpec } from './spec.js';

const spec = loadSpec();
const pathOf = (operationId: string) => Object.entries(spec.paths).find(([, item]) => Object.values(item).some((o) => o.operationId === operationId))![0];

describe('query parameters reach handlers with the spec’s types', () => {
  test('integers become numbers; text stays text; absent stays absent', () => {
    const convert = queryConverter(spec, pathOf('listThreads'), 'get');
    expect(convert).not.toBeNull();
    expect(convert!({ q: '12', limit: '5', offset: '0' })).toEqual({ q: '12', limit: 5, offset: 0 });
    expect(convert!({})).toEqual({});
  });

  test('an operation whose query is all text is left alone', () => {
    expect(queryConverter(spec, pathOf('followIndexFiles'), 'get')).toBeNull();
  });
});
