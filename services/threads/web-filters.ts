// A question's web search filters as recorded with its entry (QuestionAsked) and handed to the
// answer engine (AnswerJob.filters has the same shape): a domain starting with `-` is excluded
// (Perplexity's `search_domain_filter` convention: `["wikipedia.org", "-reddit.com"]`). Its own
// file, importing nothing, so the published events can name it.
export type WebFilters = { domains?: string[]; recency?: 'hour' | 'day' | 'week' | 'month' | 'year'; academic?: boolean };
