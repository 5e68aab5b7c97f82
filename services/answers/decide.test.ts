import { describe, expect, test } from 'vitest';
import {
  corporaAsked,
  corporaSearched,
  INSTRUCTIONS_NOT_FOLLOWED,
  languageNotFollowed,
  looksUpMemories,
  modelNotes,
  NOTHING_RELEVANT_TRY_WEB,
  nothingRelevantNotes,
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

test('with no source about the question, the answer offers web search when it is on and was not searched', () => {
  const on = { webHere: true, webConfigured: true };
  expect(nothingRelevantNotes(0, { mode: 'help', ...on })).toEqual([NOTHING_RELEVANT_TRY_WEB]);
  expect(nothingRelevantNotes(0, { mode: 'auto', webHere: false, webConfigured: true })).toEqual([NOTHING_RELEVANT_TRY_WEB]);
  // Searched already, off, or something found: the answer itself says what it found.
  expect(nothingRelevantNotes(0, { mode: 'auto', ...on })).toEqual([]);
  expect(nothingRelevantNotes(0, { mode: 'help', webHere: true, webConfigured: false })).toEqual([]);
  expect(nothingRelevantNotes(2, { mode: 'help', ...on })).toEqual([]);
});
