// The watchlists in the log (docs/data-rights.md): which tickers and drivers a person followed are
// theirs; the user id, the list type and the times keep the events' shape.
import type { Redactors } from '../eventstore/erasure.js';

// biome-ignore lint/suspicious/noExplicitAny: a redactor reads any stored version of its payload.
type Any = any;
const blankItem = (item: Any) => ({ ...item, identifier: '', title: '', description: '', image_url: null, image_url_dark: null });

export const watchlistRedactors: Redactors = {
  WatchlistItemAdded: (e: Any, p) => (e.data.user_id === p.userId ? { ...e.data, item: blankItem(e.data.item ?? {}) } : undefined),
  WatchlistItemRemoved: (e: Any, p) => (e.data.user_id === p.userId ? { ...e.data, identifier: '' } : undefined),
  WatchlistReordered: (e: Any, p) => (e.data.user_id === p.userId ? { ...e.data, identifiers: [] } : undefined),
};
