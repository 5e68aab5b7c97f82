// Whether price alerts can be made on this server (GET /rest/tasks/market-data/status), for the
// price-alert form: without a market-data provider it says why (the server's own words, as the
// 503 market_data_not_configured says them) instead of letting someone fill in an alert that
// could never fire. Until the answer comes, `configured` is null: neither allowed nor refused.
import { useGetMarketDataStatus } from '../../../../generated/react-query/market-data/market-data';
import { MARKET_DATA_NOT_CONFIGURED } from '../../../../services/market/pure';

export type MarketDataStatusView = {
  /** True when alerts can be made, false when not, null while asking (or when the answer failed: the server decides at save). */
  configured: boolean | null;
  provider: string | null;
  /** The sentence the form shows when alerts cannot be made. */
  unavailableReason: string | null;
  isLoading: boolean;
};

export function useMarketDataStatus(): MarketDataStatusView {
  // The server's configuration changes only with a restart: no refetch while the form is open.
  const query = useGetMarketDataStatus({ query: { staleTime: 5 * 60_000, refetchOnWindowFocus: false } });
  const data = query.data?.status === 200 ? query.data.data : null;
  return {
    configured: data ? data.configured : null,
    provider: data?.provider ?? null,
    unavailableReason: data && !data.configured ? MARKET_DATA_NOT_CONFIGURED : null,
    isLoading: query.isLoading,
  };
}
