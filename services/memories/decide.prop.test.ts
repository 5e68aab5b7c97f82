// For any sequence of commands, the memories state is what the rules promise: a memory
// marked not helpful is never usable until the person clears or changes their verdict, and
// no two live memories say the same thing.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { decideAdd, decideEdit, decideFeedback, decideForget, decideForgetAll, decideToggle, sameText } from './decide.js';
import { evolveMemories, initialMemories, type MemoriesState, type MemoryEvent, usable } from './events.js';

const key = fc.constantFrom('a', 'b', 'c');
const content = fc.constantFrom('I am vegetarian', 'i am vegetarian.', 'I live in Lyon', 'My cat is Tom', '');
const cmd = fc.oneof(
  fc.record({ op: fc.constant('add' as const), key, content }),
  fc.record({ op: fc.constant('edit' as const), key, content }),
  fc.record({ op: fc.constant('forget' as const), key }),
  fc.record({ op: fc.constant('forget-all' as const) }),
  fc.record({ op: fc.constant('toggle' as const), key, verdict: fc.constantFrom('helpful' as const, 'not_helpful' as const), forget: fc.boolean() }),
  fc.record({ op: fc.constant('reason' as const), key, type: fc.constantFrom('out_of_date' as const, 'accurate' as const, 'irrelevant' as const) }),
);

test('not helpful is never usable, and live memories never repeat each other', () => {
  fc.assert(
    fc.property(fc.array(cmd, { maxLength: 30 }), (cmds) => {
      let s: MemoriesState = initialMemories;
      const now = new Date(0);
      const who = { userId: 'u', now };
      for (const c of cmds) {
        let events: MemoryEvent[] = [];
        try {
          if (c.op === 'add') events = decideAdd(s, { ...who, key: c.key, content: c.content });
          else if (c.op === 'edit') events = decideEdit(s, { ...who, key: c.key, content: c.content });
          else if (c.op === 'forget') events = decideForget(s, { ...who, key: c.key });
          else if (c.op === 'forget-all') events = decideForgetAll(s, who);
          else if (c.op === 'toggle') events = decideToggle(s, { ...who, key: c.key, verdict: c.verdict, shouldForget: c.forget, feedbackEntryUuid: null });
          else events = decideFeedback(s, { ...who, key: c.key, type: c.type, comment: null, shouldForget: false, feedbackEntryUuid: null });
        } catch (e) {
          if (!(e instanceof DomainError)) throw e;
        }
        // A key added twice would be a second remembering of one key: the use case makes keys new.
        if (c.op === 'add' && Object.hasOwn(s.memories, c.key)) continue;
        s = events.reduce(evolveMemories, s);
        for (const m of Object.values(s.memories)) {
          if (m.verdict === 'not_helpful') expect(usable(m)).toBe(false);
          if (m.should_forget) expect(m.verdict).toBe('not_helpful');
        }
        const texts = Object.values(s.memories).map((m) => sameText(m.content));
        expect(new Set(texts).size).toBe(texts.length);
      }
    }),
  );
});
