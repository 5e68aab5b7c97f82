// The onboarding's state lives outside the modal: closing it while the avatar is generated must
// not lose the avatar (auto-save, seed 000 §4). One store per page, read with useSyncExternalStore;
// the generation it starts finishes whether or not the modal is open.
import { useSyncExternalStore } from 'react';
import { saveTryOnAvatar } from '../../../../../generated/react-query/try-on/try-on';
import { toast, TOAST_DURATION } from '../../../platform/toasts';
import { generateRequest, initialOnboarding, type OnboardingAction, onboardingReducer, type OnboardingState } from './onboarding-state';
import { TRY_ON_TEXT } from './texts';
import { generateAvatar } from './try-on-calls';
import type { TryOnAvatar } from '../../../../../generated/react-query/model';

type Effects = {
  /** The saved avatar changed: the server's answer, which its query holds from then on. */
  onSaved: (avatar: TryOnAvatar) => void;
  /** "Check it out": the avatar management modal. */
  showAvatar: () => void;
};

let state: OnboardingState = initialOnboarding;
const listeners = new Set<() => void>();
let effects: Effects | null = null;

export function dispatch(action: OnboardingAction) {
  const before = state;
  state = onboardingReducer(state, action);
  if (state === before) return;
  for (const l of listeners) l();
  if (before.view !== 'generating_avatar' && state.view === 'generating_avatar') void generate(state);
}

export function useOnboarding(fx: Effects): OnboardingState {
  effects = fx;
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}

/** Keeps the avatar as the person's: the modal's Confirm, or the auto-save after closing. */
export async function saveAvatar(url: string, auto: boolean) {
  let saved: TryOnAvatar;
  try {
    saved = (await saveTryOnAvatar({ try_on_photo_url: url })).data as TryOnAvatar;
  } catch {
    toast.error(TRY_ON_TEXT.saveFailed, { duration: TOAST_DURATION.long });
    return false;
  }
  dispatch({ type: 'saved' });
  effects?.onSaved(saved);
  if (auto) {
    const show = effects?.showAvatar;
    toast.success(TRY_ON_TEXT.avatarGenerated, {
      duration: TOAST_DURATION.sticky,
      ...(show ? { action: { label: TRY_ON_TEXT.checkItOut, onClick: show } } : {}),
    });
  } else toast.success(TRY_ON_TEXT.avatarUpdated, { duration: TOAST_DURATION.normal });
  return true;
}

async function generate(from: OnboardingState) {
  const request = generateRequest(from);
  const result = request ? await generateAvatar(request) : { status: 'error' as const, try_on_photo_url: null };
  const ok = result.status === 'success' && !!result.try_on_photo_url;
  if (!ok) toast.error(TRY_ON_TEXT.generateAvatarFailed, { duration: TOAST_DURATION.long });
  const autoSave = state.autoSave;
  dispatch({ type: 'generated', status: ok ? 'success' : 'error', url: result.try_on_photo_url });
  if (ok && autoSave && state.view === 'confirm_avatar') await saveAvatar(result.try_on_photo_url as string, true);
  // Closed, and the avatar did not come: nothing is waiting for the person.
  if (!ok && autoSave) dispatch({ type: 'saved' });
}

/** Tests start from the beginning. */
export function resetOnboardingForTests() {
  state = initialOnboarding;
}
