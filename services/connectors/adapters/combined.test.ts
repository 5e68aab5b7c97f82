// One app connector of several parts: the walk reads each part to its end in turn and resumes
// from any checkpoint with each document once, the delta drains each part in turn, and ids carry
// their part's name (parents too), so two parts never share one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drainDelta, walkApp } from '../../../tests/fakes/oauth/app-walk.js';
import type { AppDocument, AppSourceAdapter } from './app-types.js';
import { combinedAdapter } from './combined.js';

const doc = (id: string, parent: string | null = null): AppDocument => ({
  remoteId: id,
  kind: 'PAGE',
  title: id,
  text: id,
  truncated: false,
  url: null,
  updatedAt: null,
  authors: [],
  container: null,
  readers: null,
  parentRemoteId: parent,
});

/** A part holding `ids`, `size` a page, with `changes` pages of one change each. */
function part(ids: string[], size: number, changes: string[]): AppSourceAdapter {
  return {
    async listPage(checkpoint) {
      const at = Number(checkpoint ?? 0);
      const next = at + size < ids.length ? String(at + size) : null;
      return { documents: ids.slice(at, at + size).map((id) => doc(id, id === ids[0] ? null : ids[0])), checkpoint: next };
    },
    async startCursor() {
      return '0';
    },
    async deltaPage(cursor) {
      const at = Number(cursor);
      if (at >= changes.length) return { changes: [], cursor, more: false };
      return { changes: [{ remoteId: changes[at], removed: true, document: null }], cursor: String(at + 1), more: at + 1 < changes.length };
    },
  };
}

describe('an app connector of several parts', () => {
  it('walks every part in turn, resumed from any checkpoint with each document once, ids and parents prefixed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 6 }),
        async (a, b, size, stop) => {
          const make = () =>
            combinedAdapter({
              one: part(
                Array.from({ length: a }, (_, i) => `a${i}`),
                size,
                [],
              ),
              two: part(
                Array.from({ length: b }, (_, i) => `b${i}`),
                size,
                [],
              ),
            });
          const first = await walkApp(make(), stop);
          const rest = first.checkpoint ? (await walkApp(make(), Number.POSITIVE_INFINITY, first.checkpoint)).documents : [];
          const all = [...first.documents, ...rest];
          expect(all.map((d) => d.remoteId)).toEqual([
            ...Array.from({ length: a }, (_, i) => `one:a${i}`),
            ...Array.from({ length: b }, (_, i) => `two:b${i}`),
          ]);
          for (const d of all) expect(d.parentRemoteId === null || d.parentRemoteId.split(':')[0] === d.remoteId.split(':')[0]).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("drains each part's delta in turn, and a drained delta is quiet", async () => {
    const a = combinedAdapter({ one: part([], 1, ['x', 'y']), two: part([], 1, ['z']) });
    const first = await drainDelta(a, await a.startCursor());
    expect(first.changes.map((c) => c.remoteId)).toEqual(['one:x', 'one:y', 'two:z']);
    expect((await drainDelta(a, first.cursor)).changes).toEqual([]);
  });
});
