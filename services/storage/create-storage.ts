// Picks the storage adapter from the configuration: S3 when S3_* is set, else the local bucket.
import type { Config } from '../shared/config.js';
import type { Storage } from './storage.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';

export type StorageConfig = Pick<Config, 's3' | 'dataDir' | 'publicUrl' | 'fileMaxBytes'>;

/** `secret` signs the local bucket's upload policies and download addresses (the app's auth secret). */
export function createStorage(config: StorageConfig, secret: string): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage({ dataDir: config.dataDir, publicUrl: config.publicUrl, secret, maxUploadBytes: config.fileMaxBytes });
}
