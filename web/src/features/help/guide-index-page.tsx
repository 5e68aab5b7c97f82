// /help: the pages of the built-in user guide.
import { useQuery } from '@tanstack/react-query';
import { BookOpen } from '../../ui/icons';
import { Link } from 'react-router';
import { GUIDE_PAGES, guidePath, loadGuidePage, pageTitle } from './guide-pages';

export default function GuideIndexPage() {
  const titles = useQuery({
    queryKey: ['guide-titles'],
    queryFn: () => Promise.all(GUIDE_PAGES.map(async (name) => ({ name, title: pageTitle((await loadGuidePage(name)) ?? '', name) }))),
    staleTime: Infinity,
  });
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
        <BookOpen className="size-6" /> User guide
      </h1>
      <ul aria-label="Guide pages" className="flex flex-col gap-1">
        {(titles.data ?? []).map(({ name, title }) => (
          <li key={name}>
            <Link to={guidePath(name)} className="block rounded-lg px-3 py-2 hover:bg-neutral-100 dark:hover:bg-neutral-900">
              {title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
