// The try-on's rules over any sequence of commands: a saved avatar is always one the person
// generated and still has; delete leaves none; a try-on needs an avatar image of the person's.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { StoredEvent } from '../../eventstore/types.js';
import {
  checkGenerationAllowed,
  TRY_ON_IMAGES_PER_HOUR,
  checkTryOnAvatar,
  decideAvatarGenerated,
  decideDelete,
  decideSave,
  decideTryOnGenerated,
} from './decide.js';
import { evolveTryOn, initialTryOn, type TryOnState } from './events.js';

const now = new Date('2026-01-01T00:00:00Z');
const who = { userId: 'u1', now };
const apply = (state: TryOnState, events: { type: string; data: unknown }[]) => events.reduce((s, e) => evolveTryOn(s, e as unknown as StoredEvent), state);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const command = fc.oneof(
  fc.record({ kind: fc.constant('avatar' as const), n: fc.nat(5) }),
  fc.record({ kind: fc.constant('save' as const), n: fc.nat(5) }),
  fc.record({ kind: fc.constant('delete' as const) }),
  fc.record({ kind: fc.constant('try' as const), n: fc.nat(5), avatar: fc.nat(5) }),
);

test('a saved avatar is always an avatar image the person has; a try-on is made only on one', () => {
  fc.assert(
    fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
      let state = initialTryOn;
      let made = 0;
      for (const c of commands) {
        try {
          if (c.kind === 'avatar')
            state = apply(
              state,
              decideAvatarGenerated(state, { ...who, imageId: id(++made), objectKey: `k${made}`, contentType: 'image/png', withSelfie: false }),
            );
          if (c.kind === 'save') state = apply(state, decideSave(state, { ...who, imageId: id(c.n) }));
          if (c.kind === 'delete') {
            state = apply(state, decideDelete(state, who));
            expect(state.avatar).toBeNull();
          }
          if (c.kind === 'try') {
            const before = state;
            state = apply(
              state,
              decideTryOnGenerated(state, { ...who, imageId: id(100 + ++made), objectKey: `t${made}`, contentType: 'image/png', avatarImageId: id(c.avatar) }),
            );
            expect(() => checkTryOnAvatar(before, id(c.avatar))).not.toThrow();
          }
        } catch (err) {
          expect((err as { code?: string }).code).toBe('try_on_image_not_found');
        }
        if (state.avatar) expect(state.images[state.avatar]?.kind).toBe('avatar');
      }
    }),
  );
});

test('at most 30 images an hour per person', () => {
  fc.assert(
    fc.property(fc.nat(100), (made) => {
      if (made < TRY_ON_IMAGES_PER_HOUR) expect(() => checkGenerationAllowed(made)).not.toThrow();
      else expect(() => checkGenerationAllowed(made)).toThrow(expect.objectContaining({ code: 'try_on_rate_limited' }));
    }),
  );
});

test('saving the saved avatar again, or deleting with none, decides nothing', () => {
  const generated = apply(
    initialTryOn,
    decideAvatarGenerated(initialTryOn, { ...who, imageId: id(1), objectKey: 'k', contentType: 'image/png', withSelfie: true }),
  );
  expect(decideDelete(generated, who)).toEqual([]);
  const saved = apply(generated, decideSave(generated, { ...who, imageId: id(1) }));
  expect(saved.avatar).toBe(id(1));
  expect(decideSave(saved, { ...who, imageId: id(1) })).toEqual([]);
  expect(decideDelete(saved, who)).toEqual([{ type: 'TryOnAvatarDeleted', data: { user_id: 'u1', image_id: id(1), deleted_at: now.toISOString() } }]);
});
