// Discover's news in the mocks: with web search on (the scenario's features), a few sample
// headlines of the asked topic on example.com addresses; with it off, no news, as the server says.
import { http, HttpResponse } from 'msw';
import type { DiscoverFeed, DiscoverTopic } from '../generated/react-query/model';
import { problem } from './problem';

const TOPICS: readonly DiscoverTopic[] = ['top', 'technology', 'science', 'business', 'health', 'sports', 'culture'];

export function discoverHandlers(opts: { webSearch: () => boolean }) {
  return [
    http.get('*/rest/discover/feed', ({ request }) => {
      const asked = new URL(request.url).searchParams.get('topic') ?? 'top';
      if (!TOPICS.includes(asked as DiscoverTopic)) return problem(400, 'validation_failed', 'request.query.topic must be equal to one of the allowed values');
      const topic = asked as DiscoverTopic;
      const feed: DiscoverFeed = opts.webSearch()
        ? {
            configured: true,
            topic,
            unavailable: null,
            items: [1, 2, 3].map((n) => ({
              title: `A ${topic} headline, number ${n}`,
              url: `https://example.com/${topic}/${n}`,
              source: 'example.com',
              snippet: `What happened in ${topic} today, item ${n}.`,
              published_at: null,
            })),
          }
        : { configured: false, topic, items: [], unavailable: null };
      return HttpResponse.json(feed);
    }),
  ];
}
