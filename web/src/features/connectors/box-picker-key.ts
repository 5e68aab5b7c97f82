// Box's picker key on the page (seed 001 §4): the key the page holds is kept per scope; before the
// picker opens, a new one is asked for when there is none or its expiry is past, and an expiry that
// does not parse is logged while the picker still opens (the shared rule, services/connectors/pure).
import type { QueryClient } from '@tanstack/react-query';
import { refreshBoxPickerKey } from '../../../../generated/react-query/connectors/connectors';
import { boxPickerKey, type BoxPickerKey } from '../../../../services/connectors/pure';

export const boxKeyQueryKey = (scope: 'USER' | 'ORG') => ['box-picker-key', scope] as const;

export async function ensureBoxPickerKey(client: QueryClient, scope: 'USER' | 'ORG'): Promise<BoxPickerKey> {
  const current = client.getQueryData<BoxPickerKey>(boxKeyQueryKey(scope)) ?? null;
  const key = await boxPickerKey(current, async () => (await refreshBoxPickerKey({ file_repository_type: scope })).data as BoxPickerKey, {
    now: () => new Date(),
    logError: (message) => console.error(message),
  });
  client.setQueryData(boxKeyQueryKey(scope), key);
  return key;
}
