// The worker process's job (services/workers): a feed's text into products. A FeedError crosses
// back as a failure whose name the caller checks.
import { type ParseInput, parseFeed } from './parse-feed.js';
import type { Catalogue } from './feed-product.js';

export function parseFeedJob(input: ParseInput): Catalogue {
  return parseFeed(input);
}
