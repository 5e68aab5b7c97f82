// /search?q=… is a new thread with that question.
import { Navigate, useSearchParams } from 'react-router';

export default function SearchRedirect() {
  const [params] = useSearchParams();
  const q = params.get('q');
  return <Navigate replace to={q ? `/search/new?q=${encodeURIComponent(q)}` : '/search/new'} />;
}
