import { describe, expect, test } from 'vitest';
import {
  corporaAsked,
  corporaSearched,
  INSTRUCTIONS_NOT_FOLLOWED,
  languageNotFollowed,
  looksUpMemories,
  modelNotes,
  searchesPassages,
  searchesWeb,
  searchModeOf,
  WEB_SEARCH_FAILED,
  WEB_SEARCH_FAILED_LOCAL,
  webSearchFailedNote,
} from './decide.js';

const readable = ['help', 'user:ada', 'org:o1'];

describe('what a question searches', () => {
  test('a member kept off the web asks in `web` mode as in `auto`; other modes stay', () => {
    expect(searchModeOf('web', false)).toBe('auto');
    expect(searchModeOf('web', true)).toBe('web');
    expect(searchModeOf('help', false)).toBe('help');
  });

  test("a Space's corpus comes first; `help` keeps to the user guide", () => {
    expect(corporaAsked(readable, { uuid: 's1' })).toEqual(['space:s1', ...readable]);
    expect(corporaAsked(readable, null)).toEqual(readable);
    expect(corporaSearched('help', corporaAsked(readable, { uuid: 's1' }))).toEqual(['help']);
    expect(corporaSearched('auto', readable)).toEqual(readable);
  });

  test('`web` always searches the web, `auto` unless the place keeps to its sources, `help` never', () => {
    expect(searchesWeb('web', false)).toBe(true);
    expect(searchesWeb('auto', true)).toBe(true);
    expect(searchesWeb('auto', false)).toBe(false);
    expect(searchesWeb('help', true)).toBe(false);
  });

  test('`web` falls back to the passages only when the web found nothing', () => {
    expect(searchesPassages('web', 3)).toBe(false);
    expect(searchesPassages('web', 0)).toBe(true);
    expect(searchesPassages('auto', 3)).toBe(true);
  });

  test("memories are looked up for the asker's own questions, not in the guide nor in a Space", () => {
    expect(looksUpMemories('auto', 'ada', false)).toBe(true);
    expect(looksUpMemories('auto', null, false)).toBe(false);
    expect(looksUpMemories('help', 'ada', false)).toBe(false);
    expect(looksUpMemories('auto', 'ada', true)).toBe(false);
  });
});

describe('the notes that open an answer', () => {
  test('a failed web search says what was searched instead', () => {
    expect(webSearchFailedNote(['help'])).toBe(WEB_SEARCH_FAILED);
    expect(webSearchFailedNote(readable)).toBe(WEB_SEARCH_FAILED_LOCAL);
  });

  test('a model that follows no instructions says which it cannot follow, in order', () => {
    expect(modelNotes(false, { instructions: 'Be brief', language: 'French' })).toEqual([INSTRUCTIONS_NOT_FOLLOWED, languageNotFollowed('French')]);
    expect(modelNotes(false, { instructions: '', language: undefined })).toEqual([]);
    expect(modelNotes(true, { instructions: 'Be brief', language: 'French' })).toEqual([]);
  });
});
