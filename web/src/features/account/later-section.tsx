// An account section whose feature is not built yet: its name and one line on what it will hold.
import { useLocation } from 'react-router';
import { ACCOUNT_SECTIONS } from './sections';

export default function LaterSection() {
  const { pathname } = useLocation();
  const section = ACCOUNT_SECTIONS.find((s) => s.path === pathname);
  return (
    <section aria-labelledby="section-heading" className="space-y-2">
      <h1 id="section-heading" className="text-2xl font-semibold tracking-tight">
        {section?.label ?? 'Account'}
      </h1>
      <p className="text-neutral-600 dark:text-neutral-400">{section?.later ?? 'There is nothing at this address.'}</p>
    </section>
  );
}
