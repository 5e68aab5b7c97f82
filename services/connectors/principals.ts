// Who may read a synced document or file, as the principal keys the passage index checks
// (services/passages: a passage's `readers`, null for everyone who may read its corpus), and the
// keys an asker holds. A personal connection's content is its owner's alone. An organisation's
// follows the source's sharing: named addresses, whole domains, anyone with the link (then
// everyone of the organisation), or a group of the source (a Slack channel, a GitHub repository)
// whose members the sync resolves; the member who connected it reads it too. A group's key names
// its connection, so one organisation's Slack channel never stands for another's.
import type { AppReaders, ReaderGroup } from './adapters/app-types.js';
import type { Readers } from './adapters/types.js';

export type ReadingConnection = { connection_uuid: string; owner_user_id: string; org_uuid: string | null };

/** Newlines and other control characters never reach a key (the index joins keys with newlines). */
const clean = (s: string) => s.replace(/[\p{Cc}\s]+/gu, '').toLowerCase();

export const userPrincipal = (userId: string) => `user:${userId}`;
export const emailPrincipal = (email: string) => `email:${clean(email)}`;
export const domainPrincipal = (domain: string) => `domain:${clean(domain)}`;
export const groupPrincipal = (connectionUuid: string, group: ReaderGroup) => `group:${group.kind}:${connectionUuid}:${group.key.replace(/[\p{Cc}]+/gu, '')}`;

/** The readers of a connection's item as principal keys; null when everyone who may read the corpus may read it. */
export function readersOf(connection: ReadingConnection, readers: AppReaders | Readers | null): string[] | null {
  const owner = userPrincipal(connection.owner_user_id);
  // A personal connection's content, or an item whose sharing the provider does not say: its owner's alone.
  if (!connection.org_uuid || !readers) return [owner];
  if ('group' in readers) return [owner, groupPrincipal(connection.connection_uuid, readers.group)];
  if (readers.anyone) return null;
  const keys = [owner, ...readers.emails.map(emailPrincipal), ...readers.domains.map(domainPrincipal)];
  return [...new Set(keys)];
}

/** What a person holds without any group: themselves, their address and its domain. */
export function personalPrincipals(userId: string, email: string | null): string[] {
  const address = email ? clean(email) : '';
  const at = address.lastIndexOf('@');
  return [userPrincipal(userId), ...(at > 0 ? [emailPrincipal(address), domainPrincipal(address.slice(at + 1))] : [])];
}

/** Whether a reader holding `principals` may read an item with `readers` (the index's own check, for tests and views). */
export const mayRead = (readers: readonly string[] | null, principals: readonly string[]) => readers === null || readers.some((r) => principals.includes(r));
