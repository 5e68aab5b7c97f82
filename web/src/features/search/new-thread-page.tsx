// /search/new: where a question lands. The answer engine is a later feature, so the page says
// so plainly instead of inventing an answer.
import { Sparkles } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { AskBox } from '../home/ask-box';

export default function NewThreadPage() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-12">
      {q ? <h1 className="text-2xl font-semibold tracking-tight">{q}</h1> : <h1 className="text-2xl font-semibold tracking-tight">New thread</h1>}
      <div role="status" className="flex items-start gap-3 rounded-2xl border border-neutral-200 bg-neutral-50 p-4 text-sm text-neutral-700 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-300">
        <Sparkles className="mt-0.5 size-4 shrink-0" />
        <p>Answering arrives with the answer engine. Your question is not sent anywhere yet.</p>
      </div>
      {!q && <AskBox />}
    </div>
  );
}
