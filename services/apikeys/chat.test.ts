import { describe, expect, it, test } from 'vitest';
import type { SourceData } from '../threads/index.js';
import { conversationOf, filtersOf, MAX_PROMPT_CHARS, questionOf, TURN_CHARS } from './chat-request.js';
import { apiModelIds, apiModelOf, PRO_SEARCH_MODEL } from './model-names.js';
import { annotationsOf, searchResultsOf, usageOf } from './chat-response.js';

const source = (url: string, extra: Partial<SourceData> = {}): SourceData =>
  ({ url, name: `Title of ${url}`, snippet: 'A snippet.', meta_data: { domain_name: 'example.org', published_date: null }, ...extra }) as SourceData;

describe('what the engine takes of a chat request', () => {
  test('the last user message is the question; text parts are joined; all messages count in the prompt', () => {
    expect(
      questionOf([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: ' Why? ' },
      ]),
    ).toEqual({ question: 'Why?', promptChars: 15 });
    expect(questionOf([{ role: 'user', content: [{ type: 'text', text: 'Part one' }, { type: 'image_url' }, { type: 'text', text: 'two' }] }]).question).toBe(
      'Part one\n\ntwo',
    );
  });

  test('no user question, a long question or a huge prompt is refused with its code', () => {
    expect(() => questionOf([{ role: 'assistant', content: 'Hi' }])).toThrow(expect.objectContaining({ code: 'invalid_messages' }));
    expect(() => questionOf([{ role: 'user', content: '   ' }])).toThrow(expect.objectContaining({ code: 'invalid_messages' }));
    expect(() => questionOf([{ role: 'user', content: null }])).toThrow(expect.objectContaining({ code: 'invalid_messages' }));
    expect(() => questionOf([{ role: 'user', content: 'q'.repeat(2001) }])).toThrow(expect.objectContaining({ code: 'context_length_exceeded' }));
    expect(() =>
      questionOf([
        { role: 'system', content: 's'.repeat(MAX_PROMPT_CHARS) },
        { role: 'user', content: 'Hi' },
      ]),
    ).toThrow(expect.objectContaining({ code: 'context_length_exceeded' }));
  });

  test("search filters pass through as the answer job's, a leading - kept for exclusion", () => {
    expect(filtersOf({ search_domain_filter: ['Wikipedia.org', '-reddit.com', ' '], search_recency_filter: 'week' })).toEqual({
      domains: ['wikipedia.org', '-reddit.com'],
      recency: 'week',
    });
    expect(filtersOf({})).toBeUndefined();
  });
});

describe('the answer as OpenAI and Perplexity shape it', () => {
  test('one url_citation per marker that points at a source, where the marker stands', () => {
    const sources = [source('https://a.example/'), source('https://b.example/')];
    const text = 'First [1]. Second [2][1]. Nowhere [7].';
    expect(annotationsOf(text, sources).map((a) => [a.url_citation.url, text.slice(a.url_citation.start_index, a.url_citation.end_index)])).toEqual([
      ['https://a.example/', '[1]'],
      ['https://b.example/', '[2]'],
      ['https://a.example/', '[1]'],
    ]);
  });

  test('each search result says where it came from', () => {
    const results = searchResultsOf([
      source('https://web.example/', { meta_data: { domain_name: 'web.example', published_date: '2025-01-02' } }),
      source('/files/x#1', { meta_data: { domain_name: '', published_date: null, file_uuid: 'f1' } as SourceData['meta_data'] }),
      source('/help/guide#a'),
      source('memory:1', { is_memory: true } as Partial<SourceData>),
    ]);
    expect(results.map((r) => [r.source, r.date])).toEqual([
      ['web', '2025-01-02'],
      ['file', null],
      ['guide', null],
      ['memory', null],
    ]);
  });

  test('tokens are counted as one per four characters', () => {
    expect(usageOf(9, 'abcde', true)).toEqual({ prompt_tokens: 3, completion_tokens: 2, total_tokens: 5, num_search_queries: 1 });
  });
});

describe('the answer API reads', () => {
  it('the conversation before the question: user turns with the assistant reply after each, the last three', () => {
    const said = (role: string, content: string) => ({ role, content });
    expect(
      conversationOf([
        said('system', 'Be brief.'),
        said('user', 'one'),
        said('assistant', 'first'),
        said('user', 'two'),
        said('user', 'three'),
        said('assistant', 'third'),
        said('user', 'four'),
        said('tool', 'ignored'),
        said('user', 'asked'),
      ]),
    ).toEqual([
      { query: 'two', answer: '' },
      { query: 'three', answer: 'third' },
      { query: 'four', answer: '' },
    ]);
    expect(conversationOf([said('user', 'asked')])).toEqual([]);
    expect(conversationOf([said('user', 'x'.repeat(TURN_CHARS + 10)), said('user', 'asked')])[0].query).toHaveLength(TURN_CHARS);
  });

  it('the model names: each configured model at quick, `pro-search` at pro, anything else unknown', () => {
    const configured = [{ id: 'fake-model' }];
    expect(apiModelOf('fake-model', configured)).toEqual({ model: 'fake-model', depth: 'quick' });
    expect(apiModelOf(PRO_SEARCH_MODEL, configured)).toEqual({ depth: 'pro' });
    expect(apiModelOf('gpt-4', configured)).toBeNull();
    expect(apiModelIds(configured)).toEqual(['fake-model', 'pro-search']);
  });
});
