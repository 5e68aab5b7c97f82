// Dictation into an ask box: the microphone button (and the D shortcut, for the box on screen)
// listens through the browser's speech recognition and adds each finished phrase to the question.
// Where the browser has none, the button is shown disabled and says so.
import { clsx } from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { canRecognizeSpeech, type Listening, listen, NO_RECOGNITION, RECOGNITION_NOTE } from '../../platform/speech/speech';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { AudioLines, Mic, MicOff } from '../../ui/icons';

/** The dictation of the ask box last mounted, for the D shortcut (like ask-focus.ts). */
let current: (() => void) | null = null;

/** Starts or stops dictating into the ask box on screen; false when none is. */
export function toggleDictation(): boolean {
  if (!current) return false;
  current();
  return true;
}

/** `append`: adds a finished phrase to the question. */
export function useDictation(append: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const [heard, setHeard] = useState('');
  const session = useRef<Listening | null>(null);
  const latest = useRef(append);
  latest.current = append;
  const toggle = () => {
    if (session.current) {
      session.current.stop();
      return;
    }
    session.current = listen({
      continuous: true,
      onFinal: (text) => text && latest.current(text),
      onInterim: setHeard,
      onError: (text) => toast.error(text, { duration: TOAST_DURATION.long }),
      onEnd: () => {
        session.current = null;
        setListening(false);
        setHeard('');
      },
    });
    setListening(!!session.current);
  };
  const toggleRef = useRef(toggle);
  toggleRef.current = toggle;
  useEffect(() => {
    const mine = () => toggleRef.current();
    current = mine;
    return () => {
      if (current === mine) current = null;
      session.current?.stop();
    };
  }, []);
  return { listening, heard, toggle, available: canRecognizeSpeech() };
}

/** Joins a dictated phrase to what is typed, with a space between. */
export const withDictated = (typed: string, phrase: string) => (typed && !/\s$/.test(typed) ? `${typed} ${phrase}` : `${typed}${phrase}`);

export function DictationButton({ dictation }: { dictation: ReturnType<typeof useDictation> }) {
  const { listening, toggle, available } = dictation;
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={!available}
      aria-pressed={available ? listening : undefined}
      aria-label={listening ? 'Stop dictation' : 'Dictate'}
      title={available ? `${listening ? 'Stop dictation' : 'Dictate (D)'}. ${RECOGNITION_NOTE}` : NO_RECOGNITION}
      className={clsx(
        'grid size-8 place-items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50',
        listening
          ? 'bg-red-600 text-white'
          : 'text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 dark:hover:bg-neutral-800 dark:hover:text-neutral-100',
      )}
    >
      {available ? <Mic className="size-4" /> : <MicOff className="size-4" />}
    </button>
  );
}

/** What is being heard, while dictating (read out by screen readers politely). */
export function Heard({ dictation }: { dictation: ReturnType<typeof useDictation> }) {
  if (!dictation.listening) return null;
  return (
    <p aria-live="polite" className="px-2 text-xs text-neutral-500 dark:text-neutral-400">
      {dictation.heard ? `Hearing: ${dictation.heard}` : 'Listening…'}
    </p>
  );
}

/** Opens voice mode (signed in; the login modal first otherwise), where the browser can listen. */
export function VoiceModeButton() {
  const { user } = useSession();
  const { open } = useModals();
  if (!canRecognizeSpeech()) return null;
  return (
    <button
      type="button"
      aria-label="Voice mode"
      title="Voice mode: ask aloud and hear the answer"
      onClick={() => (user ? open('voiceToVoice') : open('login', { origin: 'voice-mode', title: 'Sign in to use voice mode' }))}
      className="grid size-8 place-items-center rounded-full text-neutral-500 transition-colors hover:bg-neutral-100 hover:text-neutral-900 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
    >
      <AudioLines className="size-4" />
    </button>
  );
}
