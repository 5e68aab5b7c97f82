// The shopping try-on onboarding (seed 000 §4), as a pure reducer: intro, then create_avatar,
// then choose_body, then generating_avatar, then confirm_avatar.
// - A selfie upload success moves create_avatar to choose_body.
// - Choosing the default body generates an avatar from the selfie.
// - Choosing "your body" uploads a full-body photo and generates a custom avatar.
// - In generating_avatar, a success status with a result moves to confirm_avatar; an error returns to choose_body.
// - Retry goes back to create_avatar.
// - Closing while processing in generating_avatar turns on auto-save of the avatar; otherwise the state is reset.
// Uploads follow the seed's upload states: idle, uploading, processing, success, error.

export const ONBOARDING_VIEWS = ['intro', 'create_avatar', 'choose_body', 'generating_avatar', 'confirm_avatar'] as const;
export type OnboardingView = (typeof ONBOARDING_VIEWS)[number];
export type UploadState = 'idle' | 'uploading' | 'processing' | 'success' | 'error';
export type BodyChoice = 'default' | 'custom';

export type OnboardingState = {
  view: OnboardingView;
  upload: UploadState;
  selfieUrl: string | null;
  bodyUrl: string | null;
  body: BodyChoice | null;
  /** The generated avatar shown on confirm_avatar. */
  avatarUrl: string | null;
  /** Set by closing while the avatar is generated: it is saved when it arrives. */
  autoSave: boolean;
};

export type OnboardingAction =
  | { type: 'start' }
  | { type: 'upload_started' }
  | { type: 'upload_processing' }
  | { type: 'upload_failed' }
  | { type: 'selfie_uploaded'; url: string }
  | { type: 'default_body_chosen' }
  | { type: 'body_uploaded'; url: string }
  | { type: 'generated'; status: 'success' | 'error'; url: string | null }
  | { type: 'retry' }
  | { type: 'opened' }
  | { type: 'closed' }
  | { type: 'saved' };

export const initialOnboarding: OnboardingState = {
  view: 'intro',
  upload: 'idle',
  selfieUrl: null,
  bodyUrl: null,
  body: null,
  avatarUrl: null,
  autoSave: false,
};

/** What the generate-avatar call is asked, for the state's body choice (null when nothing is to generate). */
export function generateRequest(s: OnboardingState): { user_image_url: string; selfie_image_url?: string } | null {
  if (s.view !== 'generating_avatar' || !s.selfieUrl) return null;
  if (s.body === 'custom') return s.bodyUrl ? { user_image_url: s.bodyUrl, selfie_image_url: s.selfieUrl } : null;
  return { user_image_url: s.selfieUrl };
}

export function onboardingReducer(s: OnboardingState, a: OnboardingAction): OnboardingState {
  switch (a.type) {
    case 'start':
      return s.view === 'intro' ? { ...s, view: 'create_avatar', upload: 'idle' } : s;
    case 'upload_started':
      return s.view === 'create_avatar' || s.view === 'choose_body' ? { ...s, upload: 'uploading' } : s;
    case 'upload_processing':
      return s.upload === 'uploading' ? { ...s, upload: 'processing' } : s;
    case 'upload_failed':
      return s.view === 'create_avatar' || s.view === 'choose_body' ? { ...s, upload: 'error' } : s;
    case 'selfie_uploaded':
      return s.view === 'create_avatar' ? { ...s, view: 'choose_body', upload: 'success', selfieUrl: a.url } : s;
    case 'default_body_chosen':
      return s.view === 'choose_body' && s.selfieUrl ? { ...s, view: 'generating_avatar', body: 'default', bodyUrl: null, upload: 'idle' } : s;
    case 'body_uploaded':
      return s.view === 'choose_body' && s.selfieUrl ? { ...s, view: 'generating_avatar', body: 'custom', bodyUrl: a.url, upload: 'success' } : s;
    case 'generated':
      if (s.view !== 'generating_avatar') return s;
      return a.status === 'success' && a.url
        ? { ...s, view: 'confirm_avatar', avatarUrl: a.url }
        : { ...s, view: 'choose_body', upload: 'idle', autoSave: false };
    case 'retry':
      return { ...initialOnboarding, view: 'create_avatar' };
    case 'opened':
      // Back in front of the person: they confirm themselves again.
      return { ...s, autoSave: false };
    case 'closed':
      return s.view === 'generating_avatar' ? { ...s, autoSave: true } : initialOnboarding;
    case 'saved':
      return initialOnboarding;
  }
}
