// The remembered choice of a response's media type answers as the package's own function does,
// asking it once per Accept header and media types, never remembering an over-long header, and
// holding at most REMEMBERED_CHOICES answers.
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { REMEMBERED_CHOICES, REMEMBERED_KEY_CHARS, rememberResponseContent, type ResponseContentChooser } from './remembered-response-content.js';

const inPackage = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
// The package's module as it comes: this file does not load validator-library.ts, which patches it.
const original = (inPackage('./middlewares/util') as ResponseContentChooser).findResponseContent;

const counting = () => {
  const calls: string[][][] = [];
  const util: ResponseContentChooser = {
    findResponseContent: (accepts, expected) => {
      calls.push([accepts, expected]);
      return original(accepts, expected);
    },
  };
  rememberResponseContent(util);
  return { util, calls };
};

const mediaType = fc.constantFrom('application/json', 'text/event-stream', 'text/html', 'application/*', '*/*', 'application/json; charset=utf-8', 'image/png');

describe('rememberResponseContent', () => {
  it("answers as the package's function, asking it once per arguments", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.array(mediaType, { maxLength: 3 }), fc.array(mediaType, { minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 20 }),
        (asks) => {
          const { util, calls } = counting();
          for (const [accepts, expected] of [...asks, ...asks]) expect(util.findResponseContent(accepts, expected)).toBe(original(accepts, expected));
          expect(calls.length).toBe(new Set(asks.map(([a, e]) => `${a.join('\n')}\0${e.join('\n')}`)).size);
        },
      ),
    );
  });

  it('does not remember an over-long Accept header', () => {
    const { util, calls } = counting();
    const long = [`application/json; x=${'a'.repeat(REMEMBERED_KEY_CHARS)}`];
    util.findResponseContent(long, ['application/json']);
    util.findResponseContent(long, ['application/json']);
    expect(calls.length).toBe(2);
  });

  it('holds at most REMEMBERED_CHOICES answers', () => {
    const { util, calls } = counting();
    for (let i = 0; i <= REMEMBERED_CHOICES; i++) util.findResponseContent([`application/x-${i}`], ['application/json']);
    // The memory was cleared when full: the first is asked again, the last is remembered.
    util.findResponseContent(['application/x-0'], ['application/json']);
    util.findResponseContent([`application/x-${REMEMBERED_CHOICES}`], ['application/json']);
    expect(calls.length).toBe(REMEMBERED_CHOICES + 2);
  });
});
