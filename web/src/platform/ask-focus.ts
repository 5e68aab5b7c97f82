// Lets shortcuts ('J', new thread) focus the ask box wherever it is mounted, or as soon as the
// home page mounts it after a navigation.
let input: HTMLTextAreaElement | null = null;
let pending = false;

export function registerAskInput(el: HTMLTextAreaElement | null) {
  input = el;
  if (el && pending) {
    pending = false;
    el.focus();
  }
}

/** Focuses the ask box if one is on screen; otherwise returns false. */
export function focusAskInput(): boolean {
  if (!input?.isConnected) return false;
  input.focus();
  return true;
}

/** Focus the ask box when it next mounts (after navigating home). */
export function focusAskInputOnMount() {
  pending = true;
}
