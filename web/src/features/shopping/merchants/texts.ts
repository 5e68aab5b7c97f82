// The merchant feeds page's words (ours: the seeds have no such screen).
export const MERCHANT_FEEDS_TEXT = {
  title: 'Merchant feeds',
  intro: 'The merchants whose products show in answers, and how their product feeds last synced.',
  noneTitle: 'No merchant is set up on this server.',
  noneHow:
    'Answers show no products until an operator lists merchants’ product feeds (Google Merchant Center XML or TSV, by URL or file) in MERCHANT_FEEDS_FILE; the README says how.',
  ok: 'Synced',
  failing: 'Last sync failed',
  waiting: 'Not synced yet',
  products: (n: number) => (n === 1 ? '1 product' : `${n.toLocaleString()} products`),
  lastOk: (at: string) => `last synced ${at}`,
  neverOk: 'never synced yet',
  lastError: (at: string, reason: string) => `Failed ${at}: ${reason}`,
  kept: 'The products of the last good sync are still shown.',
  /** Where the page is linked from. */
  link: 'Merchant feeds: sync status and errors',
} as const;
