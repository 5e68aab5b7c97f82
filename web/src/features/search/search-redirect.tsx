// /search?q=… becomes a new thread. Seed 003 §2, "Browser navigation rules": "/search with
// parameter q is rewritten to /search/new with a generated streamId added." So the address is
// replaced by /search/new?q=…&streamId=<new id>, which asks once under that stream id; /search
// with no q is the empty new thread.
import { Navigate, useSearchParams } from 'react-router';
import { newKey } from '../ask/live-answers';

export function searchRewrite(search: URLSearchParams, streamId: string): string {
  const q = search.get('q');
  if (!q) return '/search/new';
  const next = new URLSearchParams(search);
  next.set('streamId', streamId);
  return `/search/new?${next}`;
}

export default function SearchRedirect() {
  const [params] = useSearchParams();
  return <Navigate replace to={searchRewrite(params, newKey())} />;
}
