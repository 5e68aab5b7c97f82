import { expect, test } from 'vitest';
import { withoutWww } from './site-domain.js';

test('www. goes before two more labels only', () => {
  expect(withoutWww('www.example.com')).toBe('example.com');
  expect(withoutWww('www.www.org')).toBe('www.org');
  expect(withoutWww('www.org')).toBe('www.org');
  expect(withoutWww('wwwx.example.com')).toBe('wwwx.example.com');
});
