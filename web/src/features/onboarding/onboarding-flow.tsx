// The onboarding of a new account, three steps shared by /onboarding and the onboarding modal:
// the name shown on their threads, how answers should be (style and what to know about them,
// saved to their personalization), and where to bring their own sources from (files, a Space,
// a connected source, the browser extension). Every step saves for real, and each can be skipped.
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUpdateAccountProfile } from '../../../../generated/react-query/account/account';
import {
  getGetAccountPersonalizationQueryKey,
  useGetAccountPersonalization,
  useUpdateAccountPersonalization,
} from '../../../../generated/react-query/account-settings/account-settings';
import type { AccountPersonalization, AnswerStyle, SessionUser } from '../../../../generated/react-query/model';
import { ABOUT_ME_MAX, charCount } from '../../../../services/settings/pure';
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey } from '../../platform/session';
import { ANSWER_STYLE_CHOICES } from '../account-settings/labels';
import { FormError } from '../auth/form-parts';
import { nextStep, type OnboardingStep, previousStep, STEP_TITLE, stepLabel } from './onboarding-steps';

export function OnboardingFlow({ user, done }: { user: SessionUser; done: () => void }) {
  const [step, setStep] = useState<OnboardingStep>('name');
  const forward = () => {
    const next = nextStep(step);
    if (next) setStep(next);
    else done();
  };
  const back = previousStep(step);
  return (
    <section aria-labelledby="onboarding-step" className="space-y-4">
      <p className="text-sm text-neutral-500 dark:text-neutral-400">{stepLabel(step)}</p>
      <h2 id="onboarding-step" className="text-xl font-semibold tracking-tight">
        {STEP_TITLE[step]}
      </h2>
      {step === 'name' && <NameStep user={user} onSaved={forward} />}
      {step === 'answers' && <AnswersStep onSaved={forward} />}
      {step === 'sources' && <SourcesStep leave={done} />}
      <div className="flex justify-between gap-2 pt-2">
        {back ? (
          <button type="button" className="btn-secondary" onClick={() => setStep(back)}>
            Back
          </button>
        ) : (
          <span />
        )}
        <button type="button" className="btn-secondary" onClick={forward}>
          {nextStep(step) ? 'Skip' : 'Finish'}
        </button>
      </div>
    </section>
  );
}

function NameStep({ user, onSaved }: { user: SessionUser; onSaved: () => void }) {
  const qc = useQueryClient();
  const save = useUpdateAccountProfile({
    mutation: {
      onSuccess: async () => {
        await qc.invalidateQueries({ queryKey: sessionQueryKey() });
        onSaved();
      },
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    save.mutate({ data: { name: String(new FormData(e.currentTarget).get('name')) } });
  };
  return (
    <form onSubmit={submit} aria-label="Your name" className="space-y-3">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Shown on your threads and to the people you share them with.</p>
      <label className="flex flex-col gap-1">
        <span className="label">Name</span>
        <input name="name" required maxLength={100} defaultValue={user.name} autoComplete="name" className="field" />
      </label>
      {save.isError && <FormError>{problemMessage(save.error)}</FormError>}
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Continue'}
      </button>
    </form>
  );
}

function AnswersStep({ onSaved }: { onSaved: () => void }) {
  const saved = useGetAccountPersonalization({ query: { select: (r) => r.data as AccountPersonalization } });
  if (saved.isError) return <FormError>{problemMessage(saved.error)}</FormError>;
  if (!saved.data) return <p className="text-sm text-neutral-500">Loading…</p>;
  return <AnswersForm saved={saved.data} onSaved={onSaved} />;
}

function AnswersForm({ saved, onSaved }: { saved: AccountPersonalization; onSaved: () => void }) {
  const qc = useQueryClient();
  const [about, setAbout] = useState(saved.about_me);
  const [style, setStyle] = useState<AnswerStyle>(saved.answer_style);
  const save = useUpdateAccountPersonalization({
    mutation: {
      onSuccess: (r) => {
        qc.setQueryData(getGetAccountPersonalizationQueryKey(), r);
        onSaved();
      },
    },
  });
  const tooLong = charCount(about.trim()) > ABOUT_ME_MAX;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!tooLong) save.mutate({ data: { about_me: about, answer_style: style } });
  };
  return (
    <form onSubmit={submit} aria-label="Answers" className="space-y-4" noValidate>
      <fieldset className="space-y-1">
        <legend className="label">Answer style</legend>
        {ANSWER_STYLE_CHOICES.map((s) => (
          <label key={s.value} className="flex items-start gap-2 text-sm">
            <input type="radio" name="onboarding-style" className="mt-1" checked={style === s.value} onChange={() => setStyle(s.value)} />
            <span>
              <span className="font-medium">{s.label}</span> <span className="text-neutral-500 dark:text-neutral-400">{s.text}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1">
        <span className="label">About you (optional)</span>
        <textarea
          rows={3}
          value={about}
          onChange={(e) => setAbout(e.target.value)}
          aria-invalid={tooLong || undefined}
          placeholder="Your work, interests, what you already know"
          className="field"
        />
      </label>
      {tooLong && <FormError>{`Keep “about me” to ${ABOUT_ME_MAX.toLocaleString('en')} characters or fewer.`}</FormError>}
      {save.isError && <FormError>{problemMessage(save.error)}</FormError>}
      <button type="submit" className="btn-primary" disabled={save.isPending || tooLong}>
        {save.isPending ? 'Saving…' : 'Continue'}
      </button>
    </form>
  );
}

function SourcesStep({ leave }: { leave: () => void }) {
  const { open } = useModals();
  const navigate = useNavigate();
  const go = (path: string) => {
    leave();
    navigate(path);
  };
  const choices: { label: string; text: string; run: () => void }[] = [
    { label: 'Create a Space', text: 'A place for a topic: its own instructions, files and links.', run: () => open('spaceCreate', {}) },
    { label: 'Upload files', text: 'PDFs, documents and notes to ask about.', run: () => go('/account/files') },
    { label: 'Connect a source', text: 'Your cloud drives and apps, kept in sync.', run: () => go('/account/connectors') },
    { label: 'Add the browser extension', text: 'Let the agent do tasks in your own browser, with your confirmation.', run: () => open('install') },
  ];
  return (
    <ul aria-label="Sources" className="grid gap-2 sm:grid-cols-2">
      {choices.map((c) => (
        <li key={c.label}>
          <button
            type="button"
            onClick={c.run}
            className="w-full rounded-xl border border-neutral-200 p-3 text-left hover:bg-neutral-50 dark:border-neutral-800 dark:hover:bg-neutral-900"
          >
            <span className="block font-medium">{c.label}</span>
            <span className="block text-sm text-neutral-500 dark:text-neutral-400">{c.text}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
