// An address the app has no page for. Under /join, /discover and /page it says what such a link
// should have been (an invitation, a published page), so a broken link is told apart from a typo.
import { Link, useLocation } from 'react-router';
import { SearchX } from '../../ui/icons';
import { PageMessage } from '../../ui/page-message';

/** What a broken link under each prefix should have led to. */
export function notFoundText(pathname: string): { title: string; text: string } {
  if (pathname.startsWith('/join'))
    return { title: 'This link is not valid', text: 'An invitation or partner link is incomplete or has changed. Ask whoever sent it for a new one.' };
  if (pathname.startsWith('/discover') || pathname.startsWith('/page'))
    return { title: 'Page not found', text: 'No published page has this address. It may have been made private or deleted by its author.' };
  return { title: 'Page not found', text: 'There is nothing at this address.' };
}

export default function NotFoundPage() {
  const { pathname } = useLocation();
  const { title, text } = notFoundText(pathname);
  return (
    <PageMessage
      icon={<SearchX className="size-6" />}
      title={title}
      text={text}
      action={
        <Link to="/" className="btn-primary">
          Home
        </Link>
      }
    />
  );
}
