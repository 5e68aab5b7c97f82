// The visible focus ring of an ask box (the home, follow-up and Space boxes): on the whole box
// while its text field has focus, since the field itself draws no outline.
export const ASK_BOX_FOCUS_RING =
  'has-[textarea:focus-visible]:outline-2 has-[textarea:focus-visible]:outline-offset-2 has-[textarea:focus-visible]:outline-neutral-900 dark:has-[textarea:focus-visible]:outline-neutral-100';
