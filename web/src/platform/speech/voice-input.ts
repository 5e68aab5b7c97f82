// Whether questions can be dictated here: the server transcribes nothing itself
// (GET /rest/server/features `voice_input`), so it is the browser's speech recognition that decides.
import { useServerFeatures } from '../server-features';
import { canRecognizeSpeech } from './speech';

export function useVoiceInput(): boolean {
  const server = useServerFeatures()?.voice_input ?? false;
  return server || canRecognizeSpeech();
}
