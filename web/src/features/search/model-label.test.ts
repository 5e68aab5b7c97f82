import { describe, expect, it } from 'vitest';
import type { StreamSource } from '../ask/answer-stream';
import { FROM_SPACE_FILES, FROM_USER_GUIDE, FROM_YOUR_SOURCES, modelLabel } from './model-label';
import { searchModeChoices, searchModeOf, spaceAskScope } from '../ask/search-mode';

const guide: StreamSource = { url: '/help/asking#x', name: 'Asking', snippet: 's' };
const file = (type: 'USER' | 'ORG' | 'COLLECTION'): StreamSource => ({
  url: '/rest/file-repository/files/f#page=1',
  name: 'notes.pdf',
  snippet: 's',
  file_metadata: { file_repository_type: type, file_type: 'pdf' },
});
const web: StreamSource = { url: 'https://example.org/a', name: 'A', snippet: 's' };
const memory: StreamSource = { url: '/account/memories#k', name: 'Memory', snippet: 's', is_memory: true };

describe('the label of an answer', () => {
  it('names the offline model by the sources it quoted', () => {
    expect(modelLabel('offline-extractive', [guide])).toBe(FROM_USER_GUIDE);
    expect(modelLabel('offline-extractive', [])).toBe(FROM_USER_GUIDE);
    expect(modelLabel('offline-extractive', [file('COLLECTION'), guide])).toBe(FROM_SPACE_FILES);
    expect(modelLabel('offline-extractive', [file('COLLECTION'), file('USER')])).toBe(FROM_YOUR_SOURCES);
    expect(modelLabel('offline-extractive', [file('USER'), guide])).toBe(FROM_YOUR_SOURCES);
    expect(modelLabel('offline-extractive', [web])).toBe(FROM_YOUR_SOURCES);
    expect(modelLabel('offline-extractive', [memory])).toBe(FROM_YOUR_SOURCES);
  });
  it('names a configured model', () => expect(modelLabel('llama3.1:8b', [guide])).toBe('Answered by llama3.1:8b'));
});

describe('the search modes offered', () => {
  it('offers Web only where the server searches the web, else shows it disabled with the reason', () => {
    expect(searchModeChoices(true).map((c) => [c.mode, c.label, c.disabledReason])).toEqual([
      ['auto', 'Auto', null],
      ['web', 'Web', null],
      ['help', 'Help', null],
    ]);
    expect(searchModeChoices(false).find((c) => c.mode === 'web')).toEqual({
      mode: 'web',
      label: 'Web (off on this server)',
      disabledReason: 'Web search is off on this server',
    });
  });
  it('asks in auto when the preferred mode is web and the server has none', () => {
    expect(searchModeOf('web', true)).toBe('web');
    expect(searchModeOf('web', false)).toBe('auto');
    expect(searchModeOf('help', false)).toBe('help');
    expect(searchModeOf('nonsense', true)).toBe('auto');
  });
  it("says what a Space's ask box searches", () => {
    expect(spaceAskScope(true, true)).toBe('Searches the web and this Space');
    expect(spaceAskScope(true, false)).toBe("Uses this Space's links and files: web search is off on this server");
    expect(spaceAskScope(false, true)).toBe("Uses this Space's links and files only");
  });
});
