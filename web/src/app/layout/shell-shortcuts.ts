// What each shortcut of the seeds' table does in this shell.
import { useNavigate } from 'react-router';
import { focusAskInput, focusAskInputOnMount } from '../../platform/ask-focus';
import { toggleDictation } from '../../features/ask/dictation';
import { useModals } from '../../platform/modals/context';
import { currentPlatform } from '../../platform/environment';
import { useSession } from '../../platform/session';
import { toggleIncognito } from '../../platform/settings/incognito';
import { useGlobalShortcuts, type ShortcutHandlers } from '../shortcuts/use-global-shortcuts';

export function useNewThread() {
  const navigate = useNavigate();
  return () => {
    focusAskInputOnMount();
    navigate('/');
  };
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
    // Bound only where the browser can recognise speech (use-global-shortcuts.ts); with no ask box
    // on screen it goes to the home one, to dictate there.
    toggleDictation: () => {
      if (toggleDictation()) return;
      focusAskInputOnMount();
      navigate('/');
    },
    toggleIncognito,
    focusAsk: () => {
      if (focusAskInput()) return;
      focusAskInputOnMount();
      navigate('/');
    },
  };
  useGlobalShortcuts(platform, handlers, stack.length > 0);
}
