// Starting a new thread from any ask box: the answer starts at once (kept in the query cache
// under its stream id) and /search/new?streamId=… shows it, so the question never travels in
// the address. The stream id is also the new thread's frontend_context_uuid.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useServerFeatures } from '../../platform/server-features';
import { useSettings } from '../../platform/settings/store';
import { newKey, startAsk } from './live-answers';
import { searchModeOf } from './search-mode';
import { answerDepthOf } from './answer-depth';
import type { AskBody } from './answer-stream';

export const newThreadPath = (streamId: string) => `/search/new?streamId=${encodeURIComponent(streamId)}`;

export function useStartThread() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { incognito, preferredSearchMode, preferredAnswerDepth } = useSettings();
  const webSearch = useServerFeatures()?.web_search ?? false;
  /** `ask`: more of the question (the ask box's model and search filters). */
  return (question: string, opts: { streamId?: string; collectionUuid?: string; ask?: Partial<AskBody> } = {}) => {
    const key = opts.streamId ?? newKey();
    // A question asked in a Space belongs with the Space, so incognito applies to the others. It
    // is always said, so the server's default (the account's) never overrides this device's choice.
    const where = opts.collectionUuid ? { collection_uuid: opts.collectionUuid } : { incognito };
    startAsk(client, key, {
      ...opts.ask,
      query_str: question,
      frontend_context_uuid: key,
      search_mode: searchModeOf(preferredSearchMode, webSearch),
      ...(answerDepthOf(preferredAnswerDepth, webSearch) !== 'quick' ? { answer_depth: answerDepthOf(preferredAnswerDepth, webSearch) } : {}),
      ...where,
    });
    navigate(newThreadPath(key));
  };
}
