import { describe, expect, it } from 'vitest';
import { articleSection, plainText, readTimeOf, summaryOf } from './view.js';

const thread = { thread_url_slug: 'how-to-share-abc', frontend_context_uuid: 'f-1', title: 'How to share?', thread_access: 'private read' as const };
const NO_SOCIAL = { fork_count: 0, like_count: 0, view_count: 0, user_likes: false };
const shared = (bookmarkState: 'BOOKMARKED' | 'NOT_BOOKMARKED') => ({ bookmarkState, social: NO_SOCIAL, collectionInfo: null });
const source = (n: number, url = `https://example.com/${n}`) => ({ url, name: `Source ${n}`, snippet: 's' });
const entry = (over: Partial<Parameters<typeof articleSection>[1]> = {}) => ({
  backend_uuid: 'b-1',
  query_str: 'How to share?',
  status: 'completed' as const,
  answer: 'Open the thread and choose **Share** [1]. Pick who may read it [2].\n\n| a | b |\n| - | - |\n| x | [1] |',
  sources: [source(1), source(2)],
  related_questions: ['Who can read a shared thread?'],
  ...over,
});

describe('summaryOf', () => {
  it('takes the first sentences without citation markers or markdown', () => {
    expect(summaryOf(entry().answer)).toBe('Open the thread and choose Share. Pick who may read it.');
  });
  it('stops before 280 characters, at a sentence', () => {
    const long = `${'word '.repeat(40).trim()}. ${'more '.repeat(50).trim()}.`;
    expect(summaryOf(long)).toBe(`${'word '.repeat(40).trim()}.`);
  });
  it('cuts a first sentence longer than 280 characters at a word', () => {
    const s = summaryOf(`${'abcdefghi '.repeat(40)}end.`);
    expect(s.length).toBeLessThanOrEqual(280);
    expect(s.endsWith('abcdefghi…')).toBe(true);
  });
  it('is empty for an empty answer', () => expect(summaryOf('')).toBe(''));
});

describe('readTimeOf: 200 words a minute, rounded up', () => {
  it('is 0 without text, 1 for a few words, 2 for 201 words', () => {
    expect(readTimeOf('')).toBe(0);
    expect(readTimeOf('Hello there [1].')).toBe(1);
    expect(readTimeOf('w '.repeat(200))).toBe(1);
    expect(readTimeOf('w '.repeat(201))).toBe(2);
  });
  it('does not count citation markers as words', () => expect(plainText('a [1] [2] b')).toBe('a b'));
  it('keeps the underscores inside a word and drops those of emphasis', () => {
    expect(plainText('Configure an answer model (LLM_BASE_URL) with `LLM_MODEL`.')).toBe('Configure an answer model (LLM_BASE_URL) with LLM_MODEL.');
    expect(plainText('_Set_ __both__ of **A_B** and *c*.')).toBe('Set both of A_B and c.');
  });
});

describe('articleSection', () => {
  it('builds a section per the seed', () => {
    expect(articleSection(thread, entry(), 0, shared('BOOKMARKED'))).toEqual({
      status: 'completed',
      backend_uuid: 'b-1',
      frontend_context_uuid: 'f-1',
      thread_url_slug: 'how-to-share-abc',
      query_str: 'How to share?',
      answer: entry().answer,
      article_info: {
        title: 'How to share?',
        summary: 'Open the thread and choose Share. Pick who may read it.',
        suggested_sections: ['Who can read a shared thread?'],
        audience: 'anyone',
        read_time: 1,
        emphasize_sources: false,
        layout: 'text',
        user_selected_media_items: [],
      },
      should_index: false,
      social_info: { fork_count: 0, like_count: 0, view_count: 0, user_likes: false },
      media_items: [],
      featured_images: [],
      web_results: [source(1), source(2)],
      collection_info: null,
      bookmark_state: 'BOOKMARKED',
      thread_access: 'private read',
    });
  });
  it('titles later sections by their question, and emphasizes 3 or more sources', () => {
    const s = articleSection(
      { ...thread, title: 'Thread title' },
      entry({ query_str: 'And then?', sources: [source(1), source(2), source(3)] }),
      1,
      shared('NOT_BOOKMARKED'),
    );
    expect(s.article_info.title).toBe('And then?');
    expect(s.article_info.emphasize_sources).toBe(true);
  });
  it("carries the article's social info and Space into every section", () => {
    const social = { fork_count: 2, like_count: 5, view_count: 40, user_likes: true };
    const collectionInfo = { uuid: 'c-1', slug: 'trips-c1', title: 'Trips', emoji: '1f30d' };
    const s = articleSection(thread, entry(), 1, { bookmarkState: 'NOT_BOOKMARKED', social, collectionInfo });
    expect([s.social_info, s.collection_info]).toEqual([social, collectionInfo]);
  });
  it('indexes only a published (public read) thread', () => {
    expect(articleSection({ ...thread, thread_access: 'public read' }, entry(), 0, shared('NOT_BOOKMARKED')).should_index).toBe(true);
    expect(articleSection({ ...thread, thread_access: 'org read' }, entry(), 0, shared('NOT_BOOKMARKED')).should_index).toBe(false);
  });
  it('features image sources', () => {
    const s = articleSection(thread, entry({ sources: [source(1), source(2, 'https://example.com/cat.png')] }), 0, shared('NOT_BOOKMARKED'));
    expect(s.featured_images).toEqual([{ medium: 'image', image: 'https://example.com/cat.png' }]);
    expect(s.media_items).toEqual([{ medium: 'image', url: 'https://example.com/cat.png', name: 'Source 2', source_url: 'https://example.com/cat.png' }]);
  });
});
