// /account/personalize: what answers should know about the person and the style they follow.
// Both go into the answer model's instructions with every question asked after saving.
import { MemoriesSwitch } from '../memories/memories-switch';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  getGetAccountPersonalizationQueryKey,
  useGetAccountPersonalization,
  useUpdateAccountPersonalization,
} from '../../../../generated/react-query/account-settings/account-settings';
import type { AccountPersonalization, AnswerStyle } from '../../../../generated/react-query/model';
import { ABOUT_ME_MAX, charCount } from '../../../../services/settings/pure';
import { problemMessage } from '../../platform/problem';
import { ANSWER_STYLE_CHOICES } from './labels';
import { SaveStatus, SignedInOnly } from './signed-in-only';

export default function PersonalizePage() {
  return (
    <SignedInOnly title="Personalize">
      <PersonalizeLoader />
    </SignedInOnly>
  );
}

function PersonalizeLoader() {
  const query = useGetAccountPersonalization({ query: { select: (r) => r.data as AccountPersonalization } });
  if (query.isError) return <SaveStatus pending={false} saved={false} error={problemMessage(query.error)} />;
  if (!query.data) return <p className="text-neutral-500">Loading…</p>;
  return <PersonalizeForm saved={query.data} />;
}

function PersonalizeForm({ saved }: { saved: AccountPersonalization }) {
  const client = useQueryClient();
  const [about, setAbout] = useState(saved.about_me);
  const [style, setStyle] = useState<AnswerStyle>(saved.answer_style);
  const save = useUpdateAccountPersonalization({
    mutation: {
      onSuccess: (r) => {
        client.setQueryData(getGetAccountPersonalizationQueryKey(), r);
        setAbout((r.data as AccountPersonalization).about_me);
      },
    },
  });
  const length = charCount(about.trim());
  const tooLong = length > ABOUT_ME_MAX;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!tooLong) save.mutate({ data: { about_me: about, answer_style: style } });
  };
  const unsaved = about.trim() !== saved.about_me || style !== saved.answer_style;
  return (
    <form onSubmit={submit} aria-label="Personalize" className="space-y-8" noValidate>
      <div className="space-y-2">
        <label htmlFor="about-me" className="text-lg font-medium">
          About me
        </label>
        <p id="about-me-hint" className="text-sm text-neutral-500 dark:text-neutral-400">
          What answers should know about you: your work, interests, what you already know. Answers use it where it helps.
        </p>
        <textarea
          id="about-me"
          rows={6}
          value={about}
          onChange={(e) => setAbout(e.target.value)}
          aria-invalid={tooLong || undefined}
          aria-describedby="about-me-hint about-me-count"
          className="field w-full"
        />
        <p id="about-me-count" className={tooLong ? 'text-sm font-medium text-red-600 dark:text-red-400' : 'text-sm text-neutral-500 dark:text-neutral-400'}>
          {tooLong
            ? `Keep “about me” to ${ABOUT_ME_MAX.toLocaleString('en')} characters or fewer (${length.toLocaleString('en')} now).`
            : `${length.toLocaleString('en')} / ${ABOUT_ME_MAX.toLocaleString('en')} characters`}
        </p>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-lg font-medium">Answer style</legend>
        {ANSWER_STYLE_CHOICES.map((s) => (
          <label key={s.value} className="flex items-start gap-2">
            <input type="radio" name="answer-style" className="mt-1" checked={style === s.value} onChange={() => setStyle(s.value)} />
            <span>
              <span className="font-medium">{s.label}</span> <span className="text-sm text-neutral-500 dark:text-neutral-400">{s.text}</span>
            </span>
          </label>
        ))}
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          The offline answer model follows Concise and Detailed (it quotes fewer or more sentences); the tone needs a configured answer model.
        </p>
      </fieldset>

      <MemoriesSwitch />

      <div className="flex items-center gap-3">
        <button type="submit" className="btn-primary" disabled={save.isPending || tooLong || !unsaved}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
        <SaveStatus pending={false} saved={save.isSuccess && !unsaved} error={save.isError ? problemMessage(save.error) : null} />
      </div>
    </form>
  );
}
