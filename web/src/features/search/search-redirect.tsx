// /search?q=… is a new thread with that question and a generated stream id.
import { Navigate, useSearchParams } from 'react-router';
import { newKey } from './live-answers';

export default function SearchRedirect() {
  const [params] = useSearchParams();
  const q = params.get('q');
  return <Navigate replace to={q ? `/search/new?q=${encodeURIComponent(q)}&streamId=${newKey()}` : '/search/new'} />;
}
