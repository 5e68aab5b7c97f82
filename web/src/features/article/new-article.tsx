// /page/new: a new article; nothing is fetched. The question asked here starts a thread whose
// frontend_context_uuid is the `newFrontendContextUUID` of the address, when it is a uuid.
import { FilePlus2 } from '../../ui/icons';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { QuestionLength, useQuestion } from '../ask/question-limit';
import { useStartThread } from '../ask/use-start-thread';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function NewArticle() {
  const [params] = useSearchParams();
  const startThread = useStartThread();
  const [text, setText] = useState('');
  const given = params.get('newFrontendContextUUID');
  const contextId = given && UUID.test(given) ? given : null;

  const { question, problem, canAsk } = useQuestion(text);

  const start = (e: FormEvent) => {
    e.preventDefault();
    // The stream id is the new thread's frontend_context_uuid.
    if (canAsk) startThread(question, contextId ? { streamId: contextId } : {});
  };

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-12">
      <div className="flex items-center gap-3">
        <div className="grid size-10 place-items-center rounded-full bg-neutral-100 text-neutral-600 dark:bg-neutral-900 dark:text-neutral-300">
          <FilePlus2 className="size-5" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">New page</h1>
      </div>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Ask a question and its cited answer becomes the first section of the page.</p>
      <form onSubmit={start} className="flex gap-2">
        <label htmlFor="new-page-topic" className="sr-only">
          Page topic
        </label>
        <input
          id="new-page-topic"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="What should this page be about?"
          aria-invalid={problem ? true : undefined}
          aria-describedby="new-page-topic-length"
          className="min-w-0 flex-1 rounded-xl border border-neutral-200 bg-white px-3 py-2 text-sm placeholder:text-neutral-400 focus:border-neutral-400 focus:outline-none dark:border-neutral-800 dark:bg-neutral-900 dark:focus:border-neutral-600"
        />
        <button type="submit" className="btn-primary" disabled={!canAsk}>
          Start
        </button>
      </form>
      <QuestionLength id="new-page-topic-length" question={question} />
    </div>
  );
}
