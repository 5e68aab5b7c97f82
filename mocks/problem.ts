// A problem+json response in the server's shape, thrown from a resolver to answer with it.
import { HttpResponse } from 'msw';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Content',
};

export function problem(status: number, code: string, detail: string) {
  return HttpResponse.json(
    { type: 'about:blank', title: TITLES[status] ?? 'Error', status, code, detail },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
}
