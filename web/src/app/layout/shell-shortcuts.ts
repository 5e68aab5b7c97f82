// What each shortcut of the seeds' table does in this shell.
import { useNavigate } from 'react-router';
import { focusAskInput, focusAskInputOnMount } from '../ask-focus';
import { useModals } from '../modals/context';
import { currentPlatform } from '../platform';
import { useSession } from '../session';
import { updateSettings, getSettings } from '../settings/store';
import { useGlobalShortcuts, type ShortcutHandlers } from '../shortcuts/use-global-shortcuts';
import { toast, TOAST_DURATION } from '../toasts';

export function useNewThread() {
  const navigate = useNavigate();
  return () => {
    focusAskInputOnMount();
    navigate('/');
  };
}

export function toggleIncognito() {
  const incognito = !getSettings().incognito;
  updateSettings({ incognito });
  toast(incognito ? 'Incognito on' : 'Incognito off', {
    description: incognito ? 'New threads are not kept in your history.' : undefined,
    duration: TOAST_DURATION.short,
  });
}

export function useShellShortcuts() {
  const platform = currentPlatform();
  const { open, stack } = useModals();
  const { user } = useSession();
  const navigate = useNavigate();
  const newThread = useNewThread();
  const top = stack.at(-1)?.name;

  const handlers: ShortcutHandlers = {
    newThread,
    showShortcuts: () => {
      // The Windows app opens the editor instead of the list (seeds' table).
      const name = platform.windowsApp ? 'keyboardShortcutEditor' : 'keyboardShortcutHelper';
      if (top !== name) open(name);
    },
    toggleVoiceMode: () => (user ? open('voiceToVoice') : open('login', { origin: 'voice-mode', title: 'Sign in to use voice mode' })),
    // Bound only where the server has voice input (use-global-shortcuts.ts), which none has yet.
    toggleDictation: () => {},
    toggleIncognito,
    focusAsk: () => {
      if (focusAskInput()) return;
      focusAskInputOnMount();
      navigate('/');
    },
  };
  useGlobalShortcuts(platform, handlers, stack.length > 0);
}
