// A provider's answer checked against the shape an adapter reads (zod), before anything of it is
// used: what is malformed stops the sync with a reason naming the provider and the field, rather
// than a TypeError deep in a walk. Retrying would not change it, so it is no retryable status.
import type { z } from 'zod';
import { ProviderHttpError } from '../provider-call.js';

export class MalformedAnswer extends ProviderHttpError {
  constructor(provider: string, what: string, field: string) {
    super(502, `${provider} sent a malformed ${what}${field ? ` (at ${field})` : ''}`);
    this.name = 'MalformedAnswer';
  }
}

export function shapeOf<S extends z.ZodType>(schema: S, body: unknown, provider: string, what: string): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new MalformedAnswer(provider, what, (issue?.path ?? []).map(String).join('.').slice(0, 120));
}
