// The onboarding's transition rules (seed 000 §4) over any sequence of actions.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { generateRequest, initialOnboarding, type OnboardingAction, onboardingReducer, type OnboardingState } from './onboarding-state';

const url = fc.constantFrom('/storage/a.png', '/storage/b.jpg', '/rest/shopping/try-on-photo/images/x');
const action: fc.Arbitrary<OnboardingAction> = fc.oneof(
  fc.constant({ type: 'start' as const }),
  fc.constant({ type: 'upload_started' as const }),
  fc.constant({ type: 'upload_processing' as const }),
  fc.constant({ type: 'upload_failed' as const }),
  url.map((u) => ({ type: 'selfie_uploaded' as const, url: u })),
  fc.constant({ type: 'default_body_chosen' as const }),
  url.map((u) => ({ type: 'body_uploaded' as const, url: u })),
  fc.record({ type: fc.constant('generated' as const), status: fc.constantFrom('success' as const, 'error' as const), url: fc.option(url, { nil: null }) }),
  fc.constant({ type: 'retry' as const }),
  fc.constant({ type: 'opened' as const }),
  fc.constant({ type: 'closed' as const }),
  fc.constant({ type: 'saved' as const }),
);
const run = (actions: OnboardingAction[], from = initialOnboarding) => actions.reduce(onboardingReducer, from);
const reachable = fc.array(action, { maxLength: 25 }).map((as) => run(as));

describe('the try-on onboarding', () => {
  test('views only move along intro → create_avatar → choose_body → generating_avatar → confirm_avatar, or back as the seed says', () => {
    const allowed = new Set([
      'intro>create_avatar',
      'create_avatar>choose_body',
      'choose_body>generating_avatar',
      'generating_avatar>confirm_avatar',
      'generating_avatar>choose_body',
    ]);
    fc.assert(
      fc.property(reachable, action, (s, a) => {
        const next = onboardingReducer(s, a);
        if (next.view === s.view) return;
        const move = `${s.view}>${next.view}`;
        if (a.type === 'retry') expect(next.view).toBe('create_avatar');
        else if (a.type === 'closed' || a.type === 'saved') expect(next).toEqual(initialOnboarding);
        else expect(allowed.has(move), move).toBe(true);
      }),
    );
  });

  test('a selfie upload success moves create_avatar to choose_body with the selfie', () => {
    fc.assert(
      fc.property(reachable, url, (s, u) => {
        const next = onboardingReducer(s, { type: 'selfie_uploaded', url: u });
        if (s.view === 'create_avatar') expect(next).toMatchObject({ view: 'choose_body', selfieUrl: u, upload: 'success' });
        else expect(next).toBe(s);
      }),
    );
  });

  test('the default body generates from the selfie alone; "your body" from the body photo and the selfie', () => {
    const chosen = run([{ type: 'start' }, { type: 'selfie_uploaded', url: '/s.png' }]);
    const byDefault = onboardingReducer(chosen, { type: 'default_body_chosen' });
    expect(byDefault.view).toBe('generating_avatar');
    expect(generateRequest(byDefault)).toEqual({ user_image_url: '/s.png' });
    const own = onboardingReducer(chosen, { type: 'body_uploaded', url: '/b.png' });
    expect(own.view).toBe('generating_avatar');
    expect(generateRequest(own)).toEqual({ user_image_url: '/b.png', selfie_image_url: '/s.png' });
    expect(generateRequest(chosen)).toBeNull();
  });

  test('in generating_avatar, success with a result confirms; an error or no result returns to choose_body', () => {
    fc.assert(
      fc.property(reachable, fc.constantFrom('success' as const, 'error' as const), fc.option(url, { nil: null }), (s, status, u) => {
        const next = onboardingReducer(s, { type: 'generated', status, url: u });
        if (s.view !== 'generating_avatar') {
          expect(next).toBe(s);
          return;
        }
        if (status === 'success' && u) expect(next).toMatchObject({ view: 'confirm_avatar', avatarUrl: u });
        else expect(next.view).toBe('choose_body');
      }),
    );
  });

  test('retry goes back to create_avatar from anywhere, with nothing of before', () => {
    fc.assert(
      fc.property(reachable, (s) => {
        expect(onboardingReducer(s, { type: 'retry' })).toEqual({ ...initialOnboarding, view: 'create_avatar' });
      }),
    );
  });

  test('closing while generating turns on auto-save and keeps the work; closing anywhere else resets', () => {
    fc.assert(
      fc.property(reachable, (s: OnboardingState) => {
        const next = onboardingReducer(s, { type: 'closed' });
        if (s.view === 'generating_avatar') expect(next).toEqual({ ...s, autoSave: true });
        else expect(next).toEqual(initialOnboarding);
      }),
    );
  });

  test('auto-save lasts only while generating: an arrived avatar keeps it for saving, an error drops it', () => {
    const generating = run([{ type: 'start' }, { type: 'selfie_uploaded', url: '/s.png' }, { type: 'default_body_chosen' }, { type: 'closed' }]);
    expect(generating.autoSave).toBe(true);
    expect(onboardingReducer(generating, { type: 'generated', status: 'success', url: '/a' })).toMatchObject({ view: 'confirm_avatar', autoSave: true });
    expect(onboardingReducer(generating, { type: 'generated', status: 'error', url: null })).toMatchObject({ view: 'choose_body', autoSave: false });
    expect(onboardingReducer(generating, { type: 'opened' }).autoSave).toBe(false);
  });
});
