import fc from 'fast-check';
import { expect, test } from 'vitest';
import { screenshotAllowed, screenshotScale } from './screenshot-rules';

test('screenshots are refused on browser-internal pages except the new tab page', () => {
  for (const url of ['https://a.example/', 'http://b.example/', 'file:///tmp/x.html', 'chrome://newtab/', 'chrome://new-tab-page/'])
    expect(screenshotAllowed(url)).toBe(true);
  for (const url of ['chrome://settings/', 'chrome-extension://abc/page.html', 'about:blank', 'devtools://devtools/x', 'edge://flags'])
    expect(screenshotAllowed(url)).toBe(false);
});

test('a screenshot fits 1,150,000 pixels and 1,568 px a side, and is never scaled up', () => {
  expect(screenshotScale(1280, 800)).toEqual({ scale: 1, width: 1280, height: 800 });
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (w, h) => {
      const s = screenshotScale(w, h);
      return s.width * s.height <= 1_150_000 && s.width <= 1568 && s.height <= 1568 && s.width <= w && s.height <= h && s.scale <= 1;
    }),
  );
});
