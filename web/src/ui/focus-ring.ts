// The visible focus ring of an ask box (the home, follow-up and Space boxes): on the whole box
// while its text field has focus, since the field itself draws no outline.
export const ASK_BOX_FOCUS_RING =
  'has-[textarea:focus-visible]:outline-2 has-[textarea:focus-visible]:outline-offset-2 has-[textarea:focus-visible]:outline-neutral-900 dark:has-[textarea:focus-visible]:outline-neutral-100';

// The focus ring of a choice drawn as a label around an invisible native radio (the radio
// covers it to take clicks, so its own outline cannot show).
export const CHOICE_FOCUS_RING =
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-neutral-900 dark:has-[:focus-visible]:outline-neutral-100';

/** The native radio inside such a label: invisible, over the whole label. */
export const COVERING_RADIO = 'absolute inset-0 size-full cursor-[inherit] appearance-none opacity-0';
