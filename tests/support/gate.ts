// A server answer held until the test lets it go, instead of a fixed delay that a busy machine
// can outlast: `await gate.held` in a mock handler, `gate.release()` once the test has seen what
// it wants to see before the answer.
export function gate() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}
