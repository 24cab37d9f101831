// npm run storage:move: copies a local-disk site's uploads (DATA_DIR/files) into the S3 bucket
// named by the S3_* settings, keys unchanged, and checks each object's size and MD5 afterwards.
// Safe to run again: objects already there with the same bytes are skipped. The site may keep
// running on the local disk meanwhile; run it once more just before switching to STORAGE=s3.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { configOrExit } from './command-line.js';
import { assertStorageKey } from '../server/lib/storage-key.js';
import { createS3Storage, type S3Storage } from '../server/lib/storage-s3.js';

export interface MoveReport {
  copied: number;
  skipped: number;
  bytes: number;
  /** Keys whose object did not match after copying (size or checksum). */
  failed: string[];
}

const MIME: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain',
};

/** Every file under root as a storage key (temporary files of an upload in progress left out). */
export async function* localKeys(root: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  const keys = entries
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
  for (const key of keys) {
    assertStorageKey(key);
    yield key;
  }
}

export async function moveFiles(root: string, bucket: S3Storage, log: (line: string) => void = () => {}): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, skipped: 0, bytes: 0, failed: [] };
  for await (const key of localKeys(root)) {
    const data = await readFile(join(root, key));
    const md5 = createHash('md5').update(data).digest('hex');
    const there = await bucket.head(key);
    if (there && there.size === data.length && there.etag === md5) {
      report.skipped++;
      continue;
    }
    await bucket.put(key, data, MIME[key.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream');
    const after = await bucket.head(key);
    if (!after || after.size !== data.length || after.etag !== md5) {
      report.failed.push(key);
      log(`검증 실패 / verification failed: ${key}`);
      continue;
    }
    report.copied++;
    report.bytes += data.length;
    if (report.copied % 500 === 0) log(`${report.copied.toLocaleString('en')} copied…`);
  }
  return report;
}

async function main() {
  const config = configOrExit();
  if (config.storage.kind !== 's3') {
    console.error('Set STORAGE=s3 and the S3_* settings of the target bucket (README "Configuration").');
    process.exit(1);
  }
  const bucket = createS3Storage(config.storage);
  try {
    const r = await moveFiles(config.storage.dir, bucket, (line) => console.log(line));
    console.log(
      `${config.storage.dir} -> s3://${config.storage.bucket}/${config.storage.prefix}: ` +
        `copied ${r.copied.toLocaleString('en')} (${(r.bytes / 1024 / 1024).toFixed(1)} MB), already there ${r.skipped.toLocaleString('en')}, failed ${r.failed.length}`,
    );
    if (r.failed.length > 0) process.exitCode = 1;
  } finally {
    bucket.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
