// One error shape for every failure: RFC 9457 problem+json with a stable code.
export type ProblemBody = { type: string; title: string; status: number; detail?: string; code: string };

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail?: string,
  ) {
    super(detail ?? code);
  }
  toBody(): ProblemBody {
    return problemBody(this.status, this.code, this.detail);
  }
}

export function problemBody(status: number, code: string, detail?: string): ProblemBody {
  return { type: 'about:blank', title: titles[status] ?? 'Error', status, code, ...(detail ? { detail } : {}) };
}
