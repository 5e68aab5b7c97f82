// The personalisation switch on /account/personalize: whether answers may use (and find) memories
// of the person. It saves on change, apart from the page's form; 'Manage' opens the memory list.
import { useQueryClient } from '@tanstack/react-query';
import { getGetMemorySettingsQueryKey, useGetMemorySettings, useUpdateMemorySettings } from '../../../../generated/react-query/memories/memories';
import { useModals } from '../../platform/modals/context';
import { MEMORY_CALL } from './use-memories';

export function MemoriesSwitch() {
  const client = useQueryClient();
  const modals = useModals();
  const settings = useGetMemorySettings({ request: MEMORY_CALL, query: { select: (r) => (r.status === 200 ? r.data.enabled : undefined) } });
  const update = useUpdateMemorySettings({
    request: MEMORY_CALL,
    mutation: {
      // One save at a time, in the order made: switched off and on again quickly, the later
      // save must not land first and be overwritten by the earlier one.
      scope: { id: 'memory-settings' },
      onSuccess: (r) => client.setQueryData(getGetMemorySettingsQueryKey(), r),
    },
  });
  const enabled = update.isPending ? update.variables.data.enabled : settings.data;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          role="switch"
          aria-checked={enabled ?? false}
          checked={enabled ?? false}
          disabled={enabled === undefined}
          onChange={(e) => update.mutate({ data: { enabled: e.target.checked } })}
        />
        <span>
          <span className="font-medium">Memories</span>{' '}
          <span className="text-sm text-neutral-500 dark:text-neutral-400">
            Remember what you say about yourself in your questions, and use it in later answers.
          </span>
        </span>
      </label>
      {update.isError && (
        <p role="alert" className="text-sm text-red-600">
          Could not save the switch. Try again.
        </p>
      )}
      <button type="button" className="self-start text-sm underline" onClick={() => modals.open('memoryList')}>
        Manage memories
      </button>
    </div>
  );
}
