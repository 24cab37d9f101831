// The file store (docs/decisions/0028-s3-storage.md): uploads are kept behind this interface so the local disk can be
// swapped for an S3-compatible store on several app nodes (docs/operations.md).
import type { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { createLocalStorage } from './storage-local.js';
import { createS3Storage } from './storage-s3.js';

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface FileStorage {
  readonly kind: string;
  /** Writes (or replaces) an object; readers never see a half-written one. */
  put(key: string, data: Buffer, mime: string): Promise<void>;
  /** The object's bytes as a stream, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes an object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

export function createStorage(config: Pick<Config, 'storage'>): FileStorage {
  switch (config.storage.kind) {
    case 'local':
      return createLocalStorage(config.storage.dir);
    case 's3':
      // The S3 client is loaded on first use (server/lib/storage-s3.ts).
      return createS3Storage(config.storage);
  }
}
