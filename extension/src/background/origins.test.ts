import { expect, test } from 'vitest';
import { originAllowed } from './origins';

test('only the app’s origins may talk to the extension', () => {
  const patterns = ['https://answers.example.org/*', 'http://127.0.0.1/*'];
  expect(originAllowed('https://answers.example.org', patterns)).toBe(true);
  expect(originAllowed('http://127.0.0.1:4173', patterns)).toBe(true);
  expect(originAllowed('http://answers.example.org', patterns)).toBe(false);
  expect(originAllowed('https://evil.example', patterns)).toBe(false);
  expect(originAllowed('https://answers.example.org.evil.example', patterns)).toBe(false);
  expect(originAllowed(undefined, patterns)).toBe(false);
  expect(originAllowed('https://x.answers.example.org', ['https://*.answers.example.org/*'])).toBe(true);
});
