// S3-compatible storage (STORAGE=s3, decision 28): one object per key in a private bucket; the
// app streams downloads itself, so permission checks and headers stay as with the local disk.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.js';
import type { FileStorage } from './storage.js';
import { assertStorageKey } from './storage-key.js';

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

export interface ListedObject {
  key: string;
  size: number;
  /** The store's ETag without quotes (the MD5 of the bytes for a single-part upload). */
  etag: string;
}

export interface S3Storage extends FileStorage {
  readonly kind: 's3';
  /** Every object under the prefix (keys without it), in key order. */
  list(): AsyncGenerator<ListedObject>;
  /** Size and ETag of one object, or null. */
  head(key: string): Promise<{ size: number; etag: string } | null>;
  /** Creates the bucket when it is missing (tests and first set-up). */
  ensureBucket(): Promise<void>;
  close(): void;
}

/** The SDK is large: it is loaded on first use, so a site on the local disk never loads it. */
async function loadSdk() {
  return import('@aws-sdk/client-s3');
}

export function createS3Storage(config: S3StorageConfig): S3Storage {
  let client: Promise<{ s3: S3Client; sdk: Awaited<ReturnType<typeof loadSdk>> }> | undefined;
  const connect = () =>
    (client ??= loadSdk().then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        ...(config.accessKeyId && config.secretAccessKey
          ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
          : {}),
        // Checksums only where S3 requires them: many S3-compatible servers do not know the
        // newer flexible checksums (and the body is one buffer with a Content-MD5 anyway).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      }),
    })));
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return config.prefix + key;
  };
  const Bucket = config.bucket;

  return {
    kind: 's3',
    async put(key, data, mime) {
      const { s3, sdk } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: data,
          ContentType: mime,
          ContentLength: data.length,
          // The store checks the bytes it received against this.
          ContentMD5: createHash('md5').update(data).digest('base64'),
        }),
      );
    },
    async get(key) {
      const { s3, sdk } = await connect();
      try {
        const out = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!out.Body) return null;
        return { stream: out.Body as Readable, size: out.ContentLength ?? 0 };
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async head(key) {
      const { s3, sdk } = await connect();
      try {
        const out = await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: out.ContentLength ?? 0, etag: unquote(out.ETag) };
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    async *list() {
      const { s3, sdk } = await connect();
      let token: string | undefined;
      do {
        const page = await s3.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: config.prefix || undefined, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) {
          if (!o.Key) continue;
          yield { key: o.Key.slice(config.prefix.length), size: o.Size ?? 0, etag: unquote(o.ETag) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async ensureBucket() {
      const { s3, sdk } = await connect();
      try {
        await s3.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (e) {
        if (!isNotFound(e)) throw e;
        await s3.send(new sdk.CreateBucketCommand({ Bucket }));
      }
    },
    close() {
      void client?.then(({ s3 }) => s3.destroy());
      client = undefined;
    },
  };
}

function isNotFound(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.name === 'NoSuchBucket' || err.$metadata?.httpStatusCode === 404;
}

const unquote = (etag: string | undefined) => (etag ?? '').replace(/^"|"$/g, '');
