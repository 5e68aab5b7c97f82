// An organisation section whose feature comes later: its name and one line on what it will hold.
import { useLocation } from 'react-router';
import { ORG_SECTIONS } from './org-sections';

export default function OrgLaterSection() {
  const { pathname } = useLocation();
  const section = ORG_SECTIONS.find((s) => s.path === pathname);
  return (
    <section aria-labelledby="section-heading" className="space-y-2">
      <h1 id="section-heading" className="text-2xl font-semibold tracking-tight">
        {section?.label ?? 'Organization'}
      </h1>
      <p className="text-neutral-600 dark:text-neutral-400">{section?.later ?? 'There is nothing at this address.'}</p>
    </section>
  );
}
