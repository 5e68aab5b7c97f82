// A stand-in for the browser's SpeechRecognition and speechSynthesis in component tests: a test
// says what was "heard" (`hear`), or that the recognition failed (`fail`), and reads what was spoken.
type Handlers = {
  onresult: ((e: unknown) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
};

export function installFakeSpeech() {
  const sessions: (Handlers & { continuous: boolean; stopped: boolean; stop: () => void })[] = [];
  const spoken: string[] = [];
  class FakeRecognition implements Handlers {
    lang = '';
    interimResults = false;
    continuous = false;
    stopped = false;
    onresult: Handlers['onresult'] = null;
    onerror: Handlers['onerror'] = null;
    onend: Handlers['onend'] = null;
    start() {
      sessions.push(this);
    }
    stop() {
      if (this.stopped) return;
      this.stopped = true;
      this.onend?.();
    }
    abort() {
      this.stop();
    }
  }
  class FakeUtterance {
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    lang = '';
    constructor(readonly text: string) {}
  }
  const w = window as unknown as Record<string, unknown>;
  w.webkitSpeechRecognition = FakeRecognition;
  w.SpeechSynthesisUtterance = FakeUtterance;
  w.speechSynthesis = {
    speak: (u: FakeUtterance) => {
      spoken.push(u.text);
      queueMicrotask(() => u.onend?.());
    },
    cancel: () => {},
  };
  (globalThis as Record<string, unknown>).SpeechSynthesisUtterance = FakeUtterance;
  const last = () => sessions.at(-1)!;
  return {
    spoken,
    listening: () => sessions.some((s) => !s.stopped),
    /** The last session hears `text` as a finished phrase; a one-utterance session then ends. */
    hear(text: string) {
      const s = last();
      s.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript: text }], { isFinal: true })] });
      if (!s.continuous) s.stop();
    },
    fail(error: string) {
      const s = last();
      s.onerror?.({ error });
      s.stop();
    },
    uninstall() {
      delete w.webkitSpeechRecognition;
      delete w.SpeechSynthesisUtterance;
      delete w.speechSynthesis;
      delete (globalThis as Record<string, unknown>).SpeechSynthesisUtterance;
    },
  };
}
