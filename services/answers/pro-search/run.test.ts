import { describe, expect, it } from 'vitest';
import type { PassageIndex } from '../passages.js';
import type { Passage, SourceAdapter } from '../types.js';
import { offlinePlan } from './model-plan.js';
import { PRO_MAX_SOURCES, PRO_PAGES_READ, planFor, proSearch } from './run.js';

const result = (url: string): Passage => ({ url, title: url, heading: '', content: 'snippet', domain: 'e.org', published_date: null });
const passages = { search: async () => [] } as unknown as PassageIndex;
const plan = { queries: ['q one', 'q two', 'q three'], planner: 'offline' as const };

describe('a Pro Search over the sources', () => {
  it('runs every planned search, merges the results, reads more pages and keeps the steps', async () => {
    const asked: string[] = [];
    const web: SourceAdapter = {
      name: 'web',
      search: async (q) => {
        asked.push(q);
        return q === 'q two' ? [result('https://e.org/shared'), result('https://e.org/two')] : [result('https://e.org/shared')];
      },
    };
    let limits: unknown;
    const read = async (_q: string, results: readonly Passage[], l?: unknown) => {
      limits = l;
      return [...results];
    };
    const pro = proSearch({ passages, web, pages: { read } }, plan, 1_000, () => 1_250);
    const found = await pro.sources.web!.search('the question', 6);
    expect(asked.sort()).toEqual(['q one', 'q three', 'q two']);
    expect(found.map((r) => r.url)).toEqual(['https://e.org/shared', 'https://e.org/two']);
    await pro.sources.pages!.read('the question', found);
    expect(limits).toEqual({ pages: PRO_PAGES_READ, sources: PRO_MAX_SOURCES });
    expect(pro.steps()).toEqual({
      queries: plan.queries,
      sources_read: 2,
      pages: [
        { url: 'https://e.org/shared', title: 'https://e.org/shared' },
        { url: 'https://e.org/two', title: 'https://e.org/two' },
      ],
      duration_ms: 250,
      planner: 'offline',
    });
    expect(pro.status({ step: 'searching', text: 'Searching the web' })).toEqual({
      step: 'searching',
      text: 'Searching the web: 3 searches',
      queries: plan.queries,
    });
    expect(pro.status({ step: 'reading', text: 'Reading 6 sources', sources_read: 6 })).toEqual({
      step: 'reading',
      text: 'Reading 2 sources',
      sources_read: 2,
    });
  });

  it('goes on with the searches that answered, and fails as web search fails when none did', async () => {
    const some: SourceAdapter = { name: 'web', search: async (q) => (q === 'q one' ? [result('https://e.org/a')] : Promise.reject(new Error('down'))) };
    expect((await proSearch({ passages, web: some }, plan, 0).sources.web!.search('x', 6)).map((r) => r.url)).toEqual(['https://e.org/a']);
    const none: SourceAdapter = { name: 'web', search: async () => Promise.reject(new Error('down')) };
    await expect(proSearch({ passages, web: none }, plan, 0).sources.web!.search('x', 6)).rejects.toThrow('down');
  });

  it('is planned offline without a model, and offline when the model fails', async () => {
    expect(await planFor({}, 'Compare A with B', 'Compare A with B', '')).toEqual(offlinePlan('Compare A with B'));
    const failing = { planSearches: async () => Promise.reject(new Error('model down')) };
    expect((await planFor(failing, 'asked', 'What is the capital of France and Germany?', '')).planner).toBe('offline');
  });
});
