// What a reader sees of a thread's recorded sources: those the access port says they may not see
// are replaced in place by a neutral entry (its connector's name only), the others kept as they
// are, across all entries with one question to the port.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { SourceData } from './events.js';
import { type SourceAccess, UNAVAILABLE_SOURCE_NAME, unavailableSource, visibleEntries } from './source-visibility.js';

const source = (n: number, connection_type?: string): SourceData => ({
  url: `https://source.example/${n}`,
  name: `Source ${n}`,
  snippet: `Snippet ${n}`,
  meta_data: {
    domain_name: 'source.example',
    ...(connection_type ? { connection_type, authors: ['Ada'], connection_file_url: `https://drive.example/${n}` } : {}),
  },
  ...(connection_type ? { file_metadata: { connector_type: connection_type } } : {}),
});

describe('visibleEntries', () => {
  test('replaces exactly the sources the port refuses, in place, asking once for every entry', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.boolean(), { maxLength: 5 }), { maxLength: 4 }), async (shape) => {
        let n = 0;
        const entries = shape.map((flags) => ({ backend_uuid: `e${n}`, sources: flags.map(() => source(++n, n % 2 ? 'slack' : undefined)) }));
        const allowed = shape.flat();
        const calls: number[] = [];
        const access: SourceAccess = {
          readable: async (_userId, sources) => {
            calls.push(sources.length);
            return sources.map((_, i) => allowed[i]);
          },
        };
        const seen = await visibleEntries(access, 'reader', entries);
        expect(calls).toEqual(allowed.length ? [allowed.length] : []);
        let at = 0;
        for (const [i, e] of seen.entries()) {
          expect(e.backend_uuid).toBe(entries[i].backend_uuid);
          for (const [j, s] of e.sources.entries()) {
            const recorded = entries[i].sources[j];
            expect(s).toEqual(allowed[at++] ? recorded : unavailableSource(recorded));
          }
        }
      }),
    );
  });

  test("a hidden source keeps only its connector's name: no url, title, snippet, author or address", () => {
    expect(unavailableSource(source(1, 'google_drive'))).toEqual({
      url: '',
      name: UNAVAILABLE_SOURCE_NAME,
      snippet: '',
      meta_data: { connection_type: 'google_drive' },
      is_unavailable: true,
    });
    expect(unavailableSource(source(2))).toEqual({ url: '', name: 'Source not available to you', snippet: '', is_unavailable: true });
  });
});
