// Arguments of the login modal (seeds, "Login"): a pitch title (default "Welcome"), an optional
// image, and the origin saying where the prompt came from.
export type LoginModalArgs = {
  /** Where the prompt came from, e.g. "sidebar", "signup-card", "voice-mode". */
  origin: string;
  /** The pitch, e.g. "Sign in to unlock Pro". */
  title?: string;
  /** URL of an image shown above the title. */
  image?: string;
  /** Which form shows first. */
  mode?: 'sign-in' | 'sign-up';
};

export const DEFAULT_LOGIN_TITLE = 'Welcome';
export const PRIVACY_POLICY_PATH = '/privacy-policy';
