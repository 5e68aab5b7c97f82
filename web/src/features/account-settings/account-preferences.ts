// The person's preferences kept with their account, reconciled with the settings kept on this
// device: once signed in, the account's theme, default search mode and incognito default are
// applied here (at each load, and at once when saved), so every device shows the same. Until
// the next load, what is changed on this device alone (the ; shortcut, the ask box's mode) stays.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  getGetAccountPreferencesQueryKey,
  useGetAccountPreferences,
  useUpdateAccountPreferences,
} from '../../../../generated/react-query/account-settings/account-settings';
import type { AccountPreferences } from '../../../../generated/react-query/model';
import { useSession } from '../../platform/session';
import { updateSettings } from '../../platform/settings/store';

export const preferencesKey = getGetAccountPreferencesQueryKey;

/** Applies the account's preferences here: all of them, or (`since`) only those that changed since. */
export function applyAccountPreferences(p: AccountPreferences, since?: AccountPreferences) {
  const changed = (k: keyof AccountPreferences) => !since || since[k] !== p[k];
  updateSettings({
    ...(changed('theme') ? { colourScheme: p.theme } : {}),
    ...(changed('default_search_mode') ? { preferredSearchMode: p.default_search_mode } : {}),
    ...(changed('incognito_by_default') ? { incognito: p.incognito_by_default } : {}),
  });
}

/** The signed-in person's preferences (undefined while loading or signed out). */
export function useAccountPreferences() {
  const { user } = useSession();
  return useGetAccountPreferences({
    query: { enabled: !!user, staleTime: Number.POSITIVE_INFINITY, select: (r) => r.data as AccountPreferences },
  });
}

/** Mounted once in the shell: applies the account's preferences when they load or change. */
export function useAccountPreferencesSync() {
  const { data } = useAccountPreferences();
  // A save applies what it changed, not the rest: toggling incognito here for now survives
  // saving the theme.
  const applied = useRef<AccountPreferences | undefined>(undefined);
  useEffect(() => {
    // Signed out (or someone else signing in next): the next preferences are applied whole.
    if (!data) {
      applied.current = undefined;
      return;
    }
    applyAccountPreferences(data, applied.current);
    applied.current = data;
  }, [data]);
}

/** Saves the preferences; the saved ones replace the cached ones, which the sync applies. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useUpdateAccountPreferences({
    mutation: {
      // One save at a time, in the order made: each sends all four, so a change made while one
      // is under way waits for it, and the last choice is the one the server keeps.
      scope: { id: 'account-preferences' },
      onSuccess: (r) => client.setQueryData(preferencesKey(), r),
    },
  });
}
