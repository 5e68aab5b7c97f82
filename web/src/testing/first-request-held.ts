// A gate for a mock handler in component tests of saves made at once: the first request waits
// until released, later ones go straight through. Released a little after the test's clicks, so
// that a second request sent beside the first (not after it) reaches the mock before the first
// answers, and the test sees what the server would keep then.
export function firstRequestHeld() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  let seen = 0;
  return {
    /** Awaited in the handler: holds the first request only. */
    pass: async () => {
      seen += 1;
      if (seen === 1) await opened;
    },
    /** Lets the first request go, once a request sent at once would have reached the mock. */
    release: async () => {
      await new Promise((r) => setTimeout(r, 50));
      open();
    },
  };
}
