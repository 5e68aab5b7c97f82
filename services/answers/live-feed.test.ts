import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLiveFeed } from './live-feed.js';
import type { AnswerStreamEvent } from '../threads/index.js';

const delta = (text: string): AnswerStreamEvent => ({ event: 'delta', data: { text } });

describe('live feed', () => {
  it('gives each follower every event published after it followed, in order, until the end', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string(), { maxLength: 20 }), fc.nat(3), async (texts, before) => {
        const feed = createLiveFeed();
        for (const t of texts.slice(0, before)) feed.publish('a', delta(t));
        const a = feed.follow('a');
        const b = feed.follow('a');
        for (const t of texts.slice(before)) feed.publish('a', delta(t));
        feed.publish('other', delta('not mine'));
        feed.end('a');
        const read = async (s: typeof a) => {
          const out: string[] = [];
          for await (const e of s.events) if (e.event === 'delta') out.push(e.data.text);
          return out;
        };
        const [ra, rb] = await Promise.all([read(a), read(b)]);
        expect(ra).toEqual(texts.slice(before));
        expect(rb).toEqual(ra);
      }),
    );
  });

  it('ends a follower that closes, and forgets it', async () => {
    const feed = createLiveFeed();
    const f = feed.follow('x');
    const next = f.events.next();
    f.close();
    expect(await next).toEqual({ value: undefined, done: true });
    feed.publish('x', delta('after'));
  });
});
