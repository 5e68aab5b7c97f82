// A Shopify store's Storefront API (GraphQL over HTTPS, https://shopify.dev/docs/api/storefront):
// one POST per operation with the store's access token, within a time and size limit. Its answer
// is a stranger's payload: read as text up to the limit, parsed, and checked by the caller's
// schema; GraphQL errors, user errors and anything unexpected become a StorefrontError whose
// message never holds the token.
import type { z } from 'zod';

/** The Storefront API version every query is written for. */
export const STOREFRONT_API_VERSION = '2025-01';
const TIMEOUT_MS = 20_000;
/** A page of 100 products with their variants is well under this. */
const MAX_ANSWER_BYTES = 10 * 1024 * 1024;

export type StorefrontStore = { origin: string; token: string };

export class StorefrontError extends Error {
  override name = 'StorefrontError';
}

async function readLimited(res: Response): Promise<string> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) throw new StorefrontError('The store answered with more than 10 MB.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The operation's `data`, checked by `schema`; a StorefrontError when the store cannot be asked or answers wrongly. */
export async function storefrontQuery<T>(store: StorefrontStore, query: string, variables: Record<string, unknown>, schema: z.ZodType<T>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${store.origin}/api/${STOREFRONT_API_VERSION}/graphql.json`, {
      method: 'POST',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-storefront-access-token': store.token },
      body: JSON.stringify({ query, variables }),
    });
  } catch (err) {
    throw new StorefrontError(`The store could not be reached: ${(err as Error).message.slice(0, 200)}`);
  }
  let text: string;
  try {
    text = await readLimited(res);
  } catch (err) {
    if (err instanceof StorefrontError) throw err;
    throw new StorefrontError(`The store's answer broke off: ${(err as Error).message.slice(0, 200)}`);
  }
  if (!res.ok)
    throw new StorefrontError(`The store answered ${res.status}${res.status === 401 || res.status === 403 ? ' (check the Storefront API token)' : ''}.`);
  let body: { data?: unknown; errors?: Array<{ message?: unknown }> };
  try {
    body = JSON.parse(text);
  } catch {
    throw new StorefrontError('The store answered with something that is not JSON.');
  }
  if (Array.isArray(body?.errors) && body.errors.length > 0)
    throw new StorefrontError(`The store refused the query: ${String(body.errors[0]?.message ?? 'no message').slice(0, 300)}`);
  const parsed = schema.safeParse(body?.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new StorefrontError(`The store's answer is not in the expected shape (${issue.path.join('.')}: ${issue.message}).`);
  }
  return parsed.data;
}
