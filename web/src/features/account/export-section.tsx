// "Export your data" on /account/details: ask for one archive of everything the person owns, see
// it being prepared, then download it until its link expires (the same link is mailed).
import { useQueryClient } from '@tanstack/react-query';
import type { DataExport, GetDataExport200 } from '../../../../generated/react-query/model';
import { getGetDataExportQueryKey, useGetDataExport, useRequestDataExport } from '../../../../generated/react-query/data-rights/data-rights';
import { problemMessage } from '../../platform/problem';
import { FormError } from '../auth/form-parts';

const PREPARING_POLL_MS = 2000;

const megabytes = (bytes: number) => `${Math.max(0.1, bytes / 1024 / 1024).toFixed(1)} MB`;
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

function ExportStatus({ current }: { current: DataExport }) {
  switch (current.status) {
    case 'preparing':
      return <p role="status">Preparing your archive… We also mail you when it is ready.</p>;
    case 'ready':
      return (
        <p role="status">
          Your archive is ready:{' '}
          <a className="underline underline-offset-2" href={current.download_url ?? '#'} download>
            Download your data
          </a>{' '}
          ({megabytes(current.size ?? 0)}). The link works until {day(current.expires_at ?? current.requested_at)}.
        </p>
      );
    case 'expired':
      return <p role="status">Your last archive has expired. Export again to get a new one.</p>;
    case 'failed':
      return <p role="status">Your last archive could not be made. Please export again.</p>;
  }
}

export function ExportSection() {
  const queryClient = useQueryClient();
  const latest = useGetDataExport({
    query: {
      select: (r) => (r.data as GetDataExport200).export,
      refetchInterval: (q) => ((q.state.data?.data as GetDataExport200 | undefined)?.export?.status === 'preparing' ? PREPARING_POLL_MS : false),
    },
  });
  const request = useRequestDataExport({ mutation: { onSuccess: () => queryClient.invalidateQueries({ queryKey: getGetDataExportQueryKey() }) } });
  const current = latest.data ?? null;
  return (
    <div className="space-y-3">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        One zip of everything you own here: your threads with their answers and sources (as JSON and as readable Markdown), your Spaces, your files, your
        bookmarks and your profile.
      </p>
      {current && <ExportStatus current={current} />}
      {request.isError && <FormError>{problemMessage(request.error)}</FormError>}
      <button type="button" className="btn-secondary" disabled={request.isPending || current?.status === 'preparing'} onClick={() => request.mutate()}>
        {current?.status === 'preparing' ? 'Preparing…' : 'Export your data'}
      </button>
    </div>
  );
}
