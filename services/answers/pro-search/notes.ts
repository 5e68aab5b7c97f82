// What an answer says when Pro Search was asked but a quick search answers (the plan's quota,
// or a visitor): it opens with it, so the answer is honest about how deep it went.
export const PRO_SEARCH_NEEDS_ACCOUNT = 'Pro Search needs an account, so this is a quick search. Sign in to unlock Pro Search and History.';
export const PRO_SEARCH_QUOTA_USED = "You have used today's Pro Searches on your plan, so this is a quick search. Upgrade for unlimited Pro Search.";

export const depthFallbackNotes = (fallback: 'sign_in' | 'quota' | undefined): string[] =>
  fallback === 'sign_in' ? [PRO_SEARCH_NEEDS_ACCOUNT] : fallback === 'quota' ? [PRO_SEARCH_QUOTA_USED] : [];
