// Voice mode (seed 000's "voice-to-voice"; signed in): Talk listens for one question through the
// browser's speech recognition, asks it (the first starts a thread and opens it; the next are its
// follow-ups), and reads the answer aloud through the browser's speech synthesis, without its
// citation markers. The answer and its sources are on the page as always. Where the browser cannot
// listen it says so; where it cannot speak, the answer is only shown.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ModalProps } from '../../platform/modals/types';
import { useSession } from '../../platform/session';
import {
  canRecognizeSpeech,
  canSpeak,
  type Listening,
  listen,
  NO_RECOGNITION,
  RECOGNITION_NOTE,
  speak,
  spokenText,
  stopSpeaking,
} from '../../platform/speech/speech';
import { Mic, Volume2 } from '../../ui/icons';
import { ModalTitle } from '../../ui/modal-parts';
import { newKey, startAsk, useLiveEntries } from '../ask/live-answers';
import { useStartThread } from '../ask/use-start-thread';
import { SignInFirst } from '../account/sign-in-first';

type Phase = 'idle' | 'listening' | 'answering' | 'speaking';

const PHASE_TEXT: Record<Phase, string> = {
  idle: 'Press Talk and ask your question.',
  listening: 'Listening…',
  answering: 'Answering…',
  speaking: 'Reading the answer aloud…',
};

export default function VoiceModeModal({ close }: ModalProps) {
  const { user } = useSession();
  return (
    <div className="space-y-4">
      <ModalTitle>Voice mode</ModalTitle>
      {!user ? (
        <SignInFirst what="use voice mode" close={close} />
      ) : !canRecognizeSpeech() ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{NO_RECOGNITION}</p>
      ) : (
        <Conversation />
      )}
    </div>
  );
}

function Conversation() {
  const client = useQueryClient();
  const startThread = useStartThread();
  const live = useLiveEntries();
  const [phase, setPhase] = useState<Phase>('idle');
  const [heard, setHeard] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const listening = useRef<Listening | null>(null);
  const entry = key ? live[key] : undefined;
  // The thread the next question follows up in: the last answer's.
  const thread = useRef<string | null>(null);
  if (entry?.context_uuid) thread.current = entry.context_uuid;

  useEffect(() => {
    if (phase !== 'answering' || !entry || entry.status === 'pending') return;
    if (entry.status !== 'completed' || !canSpeak()) return setPhase('idle');
    setPhase('speaking');
    void speak(spokenText(entry.answer)).then(() => setPhase((p) => (p === 'speaking' ? 'idle' : p)));
  }, [phase, entry]);
  useEffect(
    () => () => {
      listening.current?.stop();
      stopSpeaking();
    },
    [],
  );

  const ask = (question: string) => {
    const next = newKey();
    setKey(next);
    setPhase('answering');
    if (thread.current) startAsk(client, next, { query_str: question, context_uuid: thread.current });
    else startThread(question, { streamId: next });
  };
  const talk = () => {
    stopSpeaking();
    setProblem(null);
    setHeard('');
    let question = '';
    listening.current = listen({
      continuous: false,
      onFinal: (text) => (question = `${question} ${text}`.trim()),
      onInterim: setHeard,
      onError: setProblem,
      onEnd: () => {
        listening.current = null;
        if (question) {
          setHeard(question);
          ask(question);
        } else setPhase('idle');
      },
    });
    if (listening.current) setPhase('listening');
  };

  return (
    <div className="space-y-4">
      <p aria-live="polite" className="text-sm text-neutral-600 dark:text-neutral-400">
        {PHASE_TEXT[phase]}
      </p>
      {heard && <p className="rounded-xl bg-neutral-100 px-3 py-2 text-sm dark:bg-neutral-800">{`You: ${heard}`}</p>}
      {entry?.status === 'failed' && <p role="alert">{entry.error ?? 'The answer could not be written.'}</p>}
      {entry?.status === 'completed' && !canSpeak() && <p className="text-sm">This browser cannot read aloud: the answer is on the page.</p>}
      {problem && <p role="alert">{problem}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        {phase === 'speaking' && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              stopSpeaking();
              setPhase('idle');
            }}
          >
            <Volume2 className="size-4" /> Stop reading
          </button>
        )}
        {phase === 'listening' ? (
          <button type="button" className="btn-primary" onClick={() => listening.current?.stop()}>
            Done talking
          </button>
        ) : (
          <button type="button" className="btn-primary" onClick={talk} disabled={phase === 'answering'} title={RECOGNITION_NOTE}>
            <Mic className="size-4" /> Talk
          </button>
        )}
      </div>
    </div>
  );
}
