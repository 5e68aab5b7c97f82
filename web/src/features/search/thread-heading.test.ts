import { describe, expect, it } from 'vitest';
import { defaultTitle, renamedTitle } from './thread-heading';

describe('the thread heading', () => {
  it('keeps the question while the title is the one the question gave the thread', () => {
    expect(renamedTitle('How do I start?', 'How do I start?')).toBeNull();
    const long = 'x'.repeat(150);
    expect(renamedTitle(defaultTitle(long), long)).toBeNull();
    expect(renamedTitle(undefined, 'How do I start?')).toBeNull();
  });

  it('shows the title its owner gave it', () => {
    expect(renamedTitle('Getting started', 'How do I start?')).toBe('Getting started');
  });
});
