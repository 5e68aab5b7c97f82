// Incognito on or off, from its shortcut or the settings page: the toast says which it is now.
import { toast, TOAST_DURATION } from '../toasts';
import { getSettings, updateSettings } from './store';

export function toggleIncognito() {
  const incognito = !getSettings().incognito;
  updateSettings({ incognito });
  toast(incognito ? 'Incognito on' : 'Incognito off', {
    description: incognito ? 'New threads are not kept in your history.' : undefined,
    duration: TOAST_DURATION.short,
  });
}
