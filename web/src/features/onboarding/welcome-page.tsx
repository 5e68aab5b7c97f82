// /welcome: what this server does, for someone arriving for the first time, true to what it is
// configured with (web search, the answer model), with the way in: ask now, or set up an account.
import { Link } from 'react-router';
import { useModals } from '../../platform/modals/context';
import { useServerFeatures } from '../../platform/server-features';
import { useSession } from '../../platform/session';

export default function WelcomePage() {
  const { user } = useSession();
  const { open } = useModals();
  const features = useServerFeatures();
  const points = [
    features?.web_search
      ? 'Ask anything: answers search the web and your own sources, and cite every claim.'
      : 'Ask anything: answers search your own sources and the user guide, and cite every claim. This server does not search the web.',
    features?.answer_model === 'offline'
      ? 'Answers are composed on this server by its offline model, quoting the sources.'
      : 'A language model writes the answers; follow-ups keep the conversation.',
    'Spaces keep a topic’s instructions, files and links together; threads are kept in your library.',
    'Files and connected drives are indexed so answers can cite them; only those allowed to read a file see it cited.',
    'Tasks run on a schedule, and the agent can do things in your own browser with your confirmation.',
  ];
  return (
    <div className="mx-auto w-full max-w-xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Welcome</h1>
      <ul className="list-inside list-disc space-y-2 text-neutral-700 dark:text-neutral-300">
        {points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Link to="/" className="btn-primary">
          Ask a question
        </Link>
        {user ? (
          <Link to="/onboarding" className="btn-secondary">
            Set up your account
          </Link>
        ) : (
          <button type="button" className="btn-secondary" onClick={() => open('login', { origin: 'welcome' })}>
            Sign up
          </button>
        )}
        <Link to="/help" className="btn-secondary">
          User guide
        </Link>
      </div>
    </div>
  );
}
