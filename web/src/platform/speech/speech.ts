// The browser's own speech: recognition for dictation and voice mode, synthesis to read answers
// aloud (Web Speech API). Nothing of it goes through this server; where the browser lacks either,
// callers say so. Chrome's recognition sends the audio to its maker's service, which the buttons
// that use it say.

/** The parts of SpeechRecognition used here (the DOM typings do not all ship it). */
export type Recognition = {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  start: () => void;
  stop: () => void;
  abort: () => void;
  onresult: ((e: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
};
type RecognitionCtor = new () => Recognition;

function recognitionCtor(): RecognitionCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Whether this browser can turn speech into text. */
export const canRecognizeSpeech = () => recognitionCtor() !== null;

/** Whether this browser can read text aloud. */
export const canSpeak = () => typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';

export const NO_RECOGNITION = 'This browser has no speech recognition: type the question instead.';
export const RECOGNITION_NOTE = 'Uses your browser’s speech recognition, which may send the audio to the browser maker’s service.';

/** What a recognition error means to the person (SpeechRecognitionErrorEvent.error). */
export function recognitionErrorText(code: string): string {
  switch (code) {
    case 'not-allowed':
      return 'The microphone is not allowed for this site. Allow it in the browser’s site settings and try again.';
    case 'service-not-allowed':
      return 'This browser does not allow speech recognition here.';
    case 'audio-capture':
      return 'No microphone was found.';
    case 'network':
      return 'The browser’s speech service could not be reached.';
    case 'no-speech':
      return 'No speech was heard. Try again closer to the microphone.';
    case 'language-not-supported':
      return 'The browser cannot recognise speech in this language.';
    default:
      return 'Speech recognition stopped with an error. Try again.';
  }
}

export type Listening = { stop: () => void };

/**
 * Listens until stopped (`continuous`) or for one utterance: `onFinal` gets each finished phrase,
 * `onInterim` what is being heard, `onError` the person's words for a failure; `onEnd` always runs last.
 */
export function listen(opts: {
  continuous: boolean;
  lang?: string;
  onFinal: (text: string) => void;
  onInterim?: (text: string) => void;
  onError: (text: string) => void;
  onEnd: () => void;
}): Listening | null {
  const Ctor = recognitionCtor();
  if (!Ctor) return null;
  const r = new Ctor();
  r.lang = opts.lang ?? (typeof navigator !== 'undefined' ? navigator.language : 'en-US');
  r.interimResults = true;
  r.continuous = opts.continuous;
  r.onresult = (e) => {
    let interim = '';
    for (let i = e.resultIndex; i < e.results.length; i++) {
      const result = e.results[i]!;
      const text = result[0]?.transcript ?? '';
      if (result.isFinal) opts.onFinal(text.trim());
      else interim += text;
    }
    opts.onInterim?.(interim.trim());
  };
  r.onerror = (e) => {
    // Stopping on purpose is not a failure.
    if (e.error !== 'aborted') opts.onError(recognitionErrorText(e.error));
  };
  r.onend = () => opts.onEnd();
  try {
    r.start();
  } catch {
    opts.onError(recognitionErrorText('start'));
    opts.onEnd();
    return null;
  }
  return { stop: () => r.stop() };
}

/** An answer as it is read aloud: no citation markers, no Markdown marks, no links' addresses. */
export function spokenText(markdown: string): string {
  return markdown
    .replace(/\[(\d+)\](?!\()/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[*_`#>|]+/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ +([.,;:!?])/g, '$1')
    .trim();
}

/** Reads `text` aloud; resolves when done or cancelled. */
export function speak(text: string, lang?: string): Promise<void> {
  return new Promise((resolve) => {
    if (!canSpeak() || !text) return resolve();
    const u = new SpeechSynthesisUtterance(text);
    if (lang) u.lang = lang;
    u.onend = () => resolve();
    u.onerror = () => resolve();
    window.speechSynthesis.speak(u);
  });
}

export const stopSpeaking = () => {
  if (canSpeak()) window.speechSynthesis.cancel();
};
