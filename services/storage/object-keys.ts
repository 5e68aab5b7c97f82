// Which object keys the storage accepts, and where a key lives on disk. Keys are built by the
// server (uuids and plain names), so a narrow alphabet costs nothing and rules out traversal,
// odd encodings and names that differ only by how a file system or URL reads them.
import { resolve, sep } from 'node:path';

export const MAX_OBJECT_KEY_LENGTH = 1024;
const SEGMENT = /^[A-Za-z0-9._-]+$/;

export class InvalidObjectKeyError extends Error {
  constructor(key: string, why: string) {
    super(`invalid object key ${JSON.stringify(key.slice(0, 100))}: ${why}`);
    this.name = 'InvalidObjectKeyError';
  }
}

/** Thrown by read() of a key that holds no object, in both adapters. */
export class NoSuchKeyError extends Error {
  constructor(readonly key: string) {
    super(`no object at key ${JSON.stringify(key)}`);
    this.name = 'NoSuchKey';
  }
}

/** Why `key` is refused, or null when it is a valid key. */
export function objectKeyProblem(key: string): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'empty';
  if (key.length > MAX_OBJECT_KEY_LENGTH) return `longer than ${MAX_OBJECT_KEY_LENGTH} characters`;
  for (const segment of key.split('/')) {
    if (segment === '') return 'empty segment';
    if (segment === '.' || segment === '..') return `"${segment}" segment`;
    if (!SEGMENT.test(segment)) return 'only A-Z a-z 0-9 . _ - separated by /';
  }
  return null;
}

export function isValidObjectKey(key: string): boolean {
  return objectKeyProblem(key) === null;
}

export function assertValidObjectKey(key: string): string {
  const problem = objectKeyProblem(key);
  if (problem) throw new InvalidObjectKeyError(key, problem);
  return key;
}

/** The file of `key` under `folder`; refuses any key that would land outside it. */
export function objectPath(folder: string, key: string): string {
  assertValidObjectKey(key);
  const root = resolve(folder);
  const path = resolve(root, ...key.split('/'));
  // Belt and braces: the alphabet already forbids it, but the file system is what matters.
  if (!path.startsWith(root + sep)) throw new InvalidObjectKeyError(key, 'outside the bucket');
  return path;
}

/** `a/b c.pdf` -> `a/b%20c.pdf`: each segment encoded, the slashes kept. */
export function encodeKeyForUrl(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
