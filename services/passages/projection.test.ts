// Puts to one source within one append are written as one (the statistics of a term the parts
// share then change once), and only where that leaves the same rows as writing them in turn.
import { expect, test } from 'vitest';
import type { PassageOp, PassageRow } from './feed.js';
import { mergePuts } from './projection.js';

const row = (id: string): PassageRow => ({ id, url: `/${id}`, title: 't', heading: 'h', content: id, ordinal: 0, page: null });
const put = (source: string, replace: boolean, ...ids: string[]): Extract<PassageOp, { kind: 'put' }> => ({
  kind: 'put',
  corpus: 'c',
  source,
  replace,
  passages: ids.map(row),
});
const ids = (ops: PassageOp[]) =>
  ops.map((op) => (op.kind === 'put' ? `${op.source}${op.replace ? '!' : ''}:${op.passages.map((p) => p.id).join(',')}` : op.kind));

test('the parts of one source after its first join it; a replace, another source or a drop starts anew', () => {
  const ops = [
    put('a', true, '1', '2'),
    put('a', false, '3'),
    put('a', false, '4'),
    put('b', false, '5'),
    put('a', false, '6'),
    put('a', true, '7'),
    put('a', false, '8'),
    { kind: 'drop-source', corpus: 'c', source: 'a' } as const,
    put('a', false, '9'),
  ];
  expect(ids(mergePuts(ops))).toEqual(['a!:1,2,3,4', 'b:5', 'a:6', 'a!:7,8', 'drop-source', 'a:9']);
});

test('a put of another corpus is not joined, and the events’ own rows are left as they were', () => {
  const first = put('a', true, '1');
  const other: PassageOp = { ...put('a', false, '2'), corpus: 'd' };
  expect(ids(mergePuts([first, other, put('a', false, '3')]))).toEqual(['a!:1', 'a:2', 'a:3']);
  mergePuts([first, put('a', false, '2')]);
  expect(ids([first])).toEqual(['a!:1']);
});
