import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recognitionErrorText, spokenText } from './speech';

describe('speech', () => {
  it('reads an answer without its citation markers, Markdown marks or link addresses', () => {
    expect(spokenText('**Water** boils at 100 °C [1], less [2] [3] at [altitude](https://x.example/a).')).toBe('Water boils at 100 °C, less at altitude.');
    expect(spokenText('## Heading\n- item `code`')).toBe('Heading\n- item code');
  });

  it('never reads a citation marker aloud', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.nat(30).map((n) => ` [${n}]`),
          ),
        ),
        (parts) => {
          expect(spokenText(parts.join(''))).not.toMatch(/\[\d+\](?!\()/);
        },
      ),
    );
  });

  it('says what each recognition error means, and something for an unknown one', () => {
    expect(recognitionErrorText('not-allowed')).toMatch(/microphone is not allowed/);
    expect(recognitionErrorText('network')).toMatch(/could not be reached/);
    expect(recognitionErrorText('something-new')).toMatch(/Try again/);
  });
});
