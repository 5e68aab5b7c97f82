// /shopping/merchants: the merchants this server's operator connected (MERCHANT_FEEDS_FILE), each
// with how many products its catalogue holds, when its feed was last read well, and the last sync's
// failure with its reason (a failed sync keeps the last good catalogue). Where an administrator
// checks that feeds sync; anyone may read it, as the merchants are public (their feeds' addresses
// are not shown). With no merchant set up it says so, and how an operator adds one. Asked again
// every minute while open.
import { useListMerchantFeeds } from '../../../../../generated/react-query/shopping/shopping';
import type { ListMerchantFeeds200, MerchantFeedStatus } from '../../../../../generated/react-query/model';
import { problemMessage } from '../../../platform/problem';
import { MERCHANT_FEEDS_TEXT as TEXT } from './texts';

const REFRESH_MS = 60_000;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export default function MerchantFeedsPage() {
  const feeds = useListMerchantFeeds({
    query: { retry: false, refetchInterval: REFRESH_MS, select: (r) => (r.data as ListMerchantFeeds200).merchants },
  });
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-12">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{TEXT.title}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{TEXT.intro}</p>
      </header>
      {feeds.isPending && <p className="text-sm text-neutral-500">Loading…</p>}
      {feeds.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problemMessage(feeds.error)}
        </p>
      )}
      {feeds.data?.length === 0 && (
        <div className="space-y-2 rounded-2xl border border-neutral-200 p-4 dark:border-neutral-800">
          <p className="font-medium">{TEXT.noneTitle}</p>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{TEXT.noneHow}</p>
        </div>
      )}
      {feeds.data && feeds.data.length > 0 && (
        <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
          {feeds.data.map((m) => (
            <MerchantRow key={m.merchant_id} merchant={m} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MerchantRow({ merchant: m }: { merchant: MerchantFeedStatus }) {
  // The last failure matters only when it came after the last good read.
  const failing = !!m.last_error_at && (!m.last_ok_at || Date.parse(m.last_error_at) >= Date.parse(m.last_ok_at));
  const status = failing ? TEXT.failing : m.last_ok_at ? TEXT.ok : TEXT.waiting;
  return (
    <li className="space-y-1 p-4" data-testid="merchant-feed" aria-label={m.merchant_name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{m.merchant_name}</span>
        <span
          className={
            failing ? 'text-sm text-red-700 dark:text-red-300' : m.last_ok_at ? 'text-sm text-green-700 dark:text-green-400' : 'text-sm text-neutral-500'
          }
        >
          {status}
        </span>
      </div>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {TEXT.products(m.product_count)} · {m.last_ok_at ? TEXT.lastOk(when(m.last_ok_at)) : TEXT.neverOk}
      </p>
      {m.last_error && m.last_error_at && (
        <p className={failing ? 'text-sm text-red-700 dark:text-red-300' : 'text-sm text-neutral-500'}>
          {TEXT.lastError(when(m.last_error_at), m.last_error)}
          {failing && m.last_ok_at ? ` ${TEXT.kept}` : ''}
        </p>
      )}
    </li>
  );
}
