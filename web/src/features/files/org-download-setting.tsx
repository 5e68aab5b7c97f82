// The organisation's "Allow downloads" switch (getOrgFileSettings / updateOrgFileSettings). The
// session does not say who administers the organisation, so members see the switch and the
// server decides: a member who is not an owner or admin gets its 403 text and the switch goes back.
import { useQueryClient } from '@tanstack/react-query';
import { getGetOrgFileSettingsQueryKey, useGetOrgFileSettings, useUpdateOrgFileSettings } from '../../../../generated/react-query/files/files';
import type { OrgFileSettings } from '../../../../generated/react-query/model';
import type { ApiError } from '../../platform/api-fetch';
import { problemMessage } from '../../platform/problem';
import { toast, TOAST_DURATION } from '../../platform/toasts';

type Cached = { data: OrgFileSettings; status: number; headers?: Headers };

export function OrgDownloadSetting({ orgUuid }: { orgUuid: string }) {
  const qc = useQueryClient();
  const key = getGetOrgFileSettingsQueryKey(orgUuid);
  const settings = useGetOrgFileSettings<OrgFileSettings, ApiError>(orgUuid, { query: { select: (r) => r.data as OrgFileSettings } });
  const update = useUpdateOrgFileSettings<ApiError, { previous?: Cached }>({
    mutation: {
      onMutate: async ({ data }) => {
        await qc.cancelQueries({ queryKey: key });
        const previous = qc.getQueryData<Cached>(key);
        if (previous) qc.setQueryData<Cached>(key, { ...previous, data: { ...previous.data, ...data } });
        return { previous };
      },
      onError: (error, _v, context) => {
        if (context?.previous) qc.setQueryData(key, context.previous);
        toast.error(problemMessage(error, 'Could not change the download setting.'), { duration: TOAST_DURATION.long });
      },
      onSettled: () => qc.invalidateQueries({ queryKey: key }),
    },
  });
  if (!settings.data) return null;
  const allowed = !settings.data.downloads_disabled;
  return (
    <label className="flex items-center justify-between gap-4 rounded-2xl border border-neutral-200 px-4 py-3 dark:border-neutral-800">
      <span className="flex flex-col">
        <span className="text-sm font-medium">Allow downloads</span>
        <span className="text-xs text-neutral-500 dark:text-neutral-400">When off, no one can download the organisation’s files; answers still use them.</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={allowed}
        className="size-5 accent-neutral-900 dark:accent-white"
        checked={allowed}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ orgUuid, data: { downloads_disabled: !e.target.checked } })}
      />
    </label>
  );
}
