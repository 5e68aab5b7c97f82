// Shopping's events, its published language: other domains and the browser's mocks read their types.
export type { TryOnAvatarDeleted, TryOnAvatarGenerated, TryOnAvatarSaved, TryOnEvent, TryOnGenerated } from './try-on/events.js';
