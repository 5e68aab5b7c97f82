import { parse } from 'node:url';
import { expect, test } from 'vitest';
import { settleUrlParseDeprecation } from './settle-url-parse.js';

test('once settled, url.parse() no longer warns (so it no longer inspects its caller), and settling itself printed nothing', async () => {
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);
  process.on('warning', onWarning);
  try {
    settleUrlParseDeprecation();
    expect(parse('/a?b=1').query).toBe('b=1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.message.includes('url.parse()'))).toEqual([]);
  } finally {
    process.off('warning', onWarning);
  }
});
