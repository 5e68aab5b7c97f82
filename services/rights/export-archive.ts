// The archive of everything a person owns (docs/data-rights.md): their profile, threads with
// answers and sources (JSON and readable Markdown), Spaces, files (the list and the bytes) and
// bookmarks, as one zip written with JSZip.
import JSZip from 'jszip';
import { bookmarksForExport } from '../bookmarks/index.js';
import type { Db } from '../db/database.js';
import { filesForExport } from '../files/index.js';
import { claimedVisitorIds, profileForExport } from '../identity/index.js';
import { spacesForExport } from '../spaces/index.js';
import type { Storage } from '../storage/storage.js';
import { threadsForExport } from '../threads/index.js';

type Source = { url?: string; name?: string; snippet?: string };
type Entry = { query_str: string; answer: string; sources: unknown[]; related_questions: string[]; status: string; created_at: Date };

/** A file name safe in any archive tool: no path, no control characters, not too long. */
export function safeName(name: string, fallback: string) {
  const cleaned = [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}

export function threadMarkdown(thread: { title: string; created_at: Date }, entries: Entry[]) {
  const parts = [`# ${thread.title || 'Untitled thread'}`, '', `Started ${new Date(thread.created_at).toISOString()}`];
  for (const e of entries) {
    parts.push('', `## ${e.query_str}`, '', e.answer || `(${e.status})`);
    const sources = (e.sources ?? []) as Source[];
    if (sources.length) {
      parts.push('', '### Sources', '');
      for (const [i, s] of sources.entries()) parts.push(`${i + 1}. [${s.name || s.url || 'source'}](${s.url ?? ''})`);
    }
  }
  return `${parts.join('\n')}\n`;
}

/**
 * A part of the archive another domain adds (its settings, say): a JSON file at `path` with what
 * `read` returns for the person, and, with `files`, stored objects copied in at the paths it names
 * (the person's images, say). services/app/export-parts.ts lists them.
 */
export type ExportPart = {
  path: string;
  read: (db: Db, userId: string) => Promise<unknown>;
  files?: (db: Db, userId: string) => Promise<{ path: string; object_key: string }[]>;
};

/** Everything the person owns, read from the read models and storage, and the registered parts. */
export async function buildArchive(deps: { db: Db; storage: Storage; parts?: readonly ExportPart[] }, userId: string, now: Date): Promise<Buffer> {
  const { db, storage } = deps;
  const zip = new JSZip();
  zip.file('profile.json', json({ ...(await profileForExport(db, userId)), exported_at: now.toISOString() }));

  const threads = await threadsForExport(db, userId, await claimedVisitorIds(db, userId));
  const threadList = [];
  for (const t of threads) {
    const view = {
      context_uuid: t.context_uuid,
      slug: t.thread_url_slug,
      title: t.title,
      thread_access: t.thread_access,
      space_uuid: t.collection_uuid,
      created_at: t.created_at,
      entries: t.entries.map((e) => ({
        question: e.query_str,
        answer: e.answer,
        status: e.status,
        sources: e.sources,
        related_questions: e.related_questions,
        asked_at: e.created_at,
      })),
    };
    threadList.push({ context_uuid: t.context_uuid, title: t.title, created_at: t.created_at });
    const base = `threads/${safeName(t.thread_url_slug, t.context_uuid)}`;
    zip.file(`${base}.json`, json(view));
    zip.file(`${base}.md`, threadMarkdown(t, t.entries));
  }
  zip.file('threads/index.json', json(threadList));

  const spaces = await spacesForExport(db, userId);
  zip.file('spaces.json', json(spaces));

  // Their library and the files of the Spaces they own (not their organisations' files).
  const files = await filesForExport(
    db,
    userId,
    spaces.owned.map((s) => s.uuid),
  );
  const fileList = [];
  for (const f of files) {
    const path = `files/${f.file_uuid}/${safeName(f.filename, 'file')}`;
    let included = true;
    try {
      zip.file(path, await storage.read(f.object_key));
    } catch {
      included = false;
    }
    const { object_key: _key, ...listed } = f;
    fileList.push({ ...listed, path: included ? path : null });
  }
  zip.file('files/index.json', json(fileList));

  zip.file('bookmarks.json', json(await bookmarksForExport(db, userId)));
  for (const part of deps.parts ?? []) {
    zip.file(part.path, json(await part.read(db, userId)));
    // An object gone from storage is left out; its listing in the part's JSON still says what it was.
    for (const f of (await part.files?.(db, userId)) ?? []) {
      const bytes = await storage.read(f.object_key).catch(() => null);
      if (bytes) zip.file(f.path, bytes);
    }
  }
  zip.file(
    'README.md',
    '# Your data\n\nprofile.json: your account. threads/: each thread as JSON and as Markdown, with its answers and sources. spaces.json: the Spaces you own and the ones you joined. files/: your files and their list (index.json). bookmarks.json: your bookmarks. shopping/: your orders with their shipping addresses, and your try-on avatar and pictures. settings/: your other settings.\n',
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
