import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deviceOf } from './device.js';

describe('deviceOf', () => {
  it('names the browser and the system', () => {
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe('Firefox on Windows');
    expect(deviceOf(null)).toBe('Unknown device');
  });

  it('answers a short name for any text, hostile or not', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (ua) => {
        expect(deviceOf(ua).length).toBeLessThan(200);
      }),
    );
  });
});
