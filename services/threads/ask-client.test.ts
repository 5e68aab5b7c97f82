import { expect, test } from 'vitest';
import { askClientOf } from './ask-client.js';

test('the assistant browser is known by its X-Client header or its User-Agent token', () => {
  expect(askClientOf({ 'x-client': 'assistant-browser' })).toBe('assistant_browser');
  expect(askClientOf({ 'user-agent': 'Mozilla/5.0 (Macintosh) Chrome/140.0 AssistantBrowser/1.2.3' })).toBe('assistant_browser');
  expect(askClientOf({ 'user-agent': 'Mozilla/5.0 Chrome/140.0 Safari/537.36' })).toBeNull();
  expect(askClientOf({ 'user-agent': 'NotAssistantBrowser/1.0' })).toBeNull();
  expect(askClientOf({})).toBeNull();
});
