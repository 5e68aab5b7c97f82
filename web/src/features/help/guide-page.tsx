// /help/{page}: one page of the built-in user guide, the page a guide source links to.
import { useQuery } from '@tanstack/react-query';
import { BookOpen } from '../../ui/icons';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { PageMessage } from '../../ui/page-message';
import { GuideMarkdown } from './guide-markdown';
import { loadGuidePage, pageTitle } from './guide-pages';

export default function GuidePage() {
  const { name = '' } = useParams();
  const load = loadGuidePage(name);
  const page = useQuery({ queryKey: ['guide-page', name], queryFn: () => load!, enabled: !!load, staleTime: Infinity });
  const title = page.data ? pageTitle(page.data, name) : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (!load) return <PageMessage icon={<BookOpen className="size-5" />} title="Guide page not found" text="The user guide has no page at this address." />;
  if (!page.data) return <div className="mx-auto w-full max-w-3xl px-4 py-10" role="status" aria-label="Loading guide page" />;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <Link to="/help" className="btn-ghost self-start text-sm">
        <BookOpen className="size-4" /> User guide
      </Link>
      <GuideMarkdown text={page.data} />
    </div>
  );
}
