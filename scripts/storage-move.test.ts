// npm run storage:move against a real S3-protocol server: copies every file with its key,
// verifies it, skips what is already there, and copies again what changed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.js';
import { createS3Storage, type S3Storage } from '../server/lib/storage-s3.js';
import { startS3, type TestS3 } from '../server/test/s3-server.js';
import { moveFiles } from './storage-move.js';

let s3: TestS3;
let bucket: S3Storage;
const dir = mkdtempSync(join(tmpdir(), 'chalkak-move-'));
const files = join(dir, 'files');

beforeAll(async () => {
  s3 = await startS3('chalkak-move');
  const config = loadConfig({ DATA_DIR: dir, ...s3.env });
  if (config.storage.kind !== 's3') throw new Error('expected s3');
  bucket = createS3Storage(config.storage);
  mkdirSync(join(files, '2025/06/01'), { recursive: true });
  writeFileSync(join(files, '2025/06/01/AbC.webp'), Buffer.alloc(70_000, 7));
  writeFileSync(join(files, '2025/06/01/AbC.thumb.webp'), Buffer.from('thumb'));
  writeFileSync(join(files, '2025/06/01/XyZ-_.pdf'), Buffer.from('%PDF-1.4'));
  // An upload being written: not copied.
  writeFileSync(join(files, '2025/06/01/AbC.webp.1a2b3c.tmp'), Buffer.from('half'));
}, 60_000);
afterAll(async () => {
  bucket.close();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

const read = async (key: string) => {
  const o = await bucket.get(key);
  const chunks: Buffer[] = [];
  for await (const c of o!.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('storage:move', { timeout: 60_000 }, () => {
  it('copies every file under its key and verifies it', async () => {
    const lines: string[] = [];
    const r = await moveFiles(files, bucket, (l) => lines.push(l));
    expect(r).toEqual({ copied: 3, skipped: 0, bytes: 70_000 + 5 + 8, failed: [] });
    expect((await read('2025/06/01/AbC.webp')).equals(Buffer.alloc(70_000, 7))).toBe(true);
    expect((await read('2025/06/01/XyZ-_.pdf')).toString()).toBe('%PDF-1.4');
    const keys = [];
    for await (const o of bucket.list()) keys.push(o.key);
    expect(keys).toEqual(['2025/06/01/AbC.thumb.webp', '2025/06/01/AbC.webp', '2025/06/01/XyZ-_.pdf']);
  });

  it('skips what is already there and copies again a file that changed', async () => {
    expect(await moveFiles(files, bucket)).toEqual({ copied: 0, skipped: 3, bytes: 0, failed: [] });
    writeFileSync(join(files, '2025/06/01/AbC.thumb.webp'), Buffer.from('thumb2'));
    expect(await moveFiles(files, bucket)).toEqual({ copied: 1, skipped: 2, bytes: 6, failed: [] });
    expect((await read('2025/06/01/AbC.thumb.webp')).toString()).toBe('thumb2');
  });

  it('does nothing for a site without uploads', async () => {
    expect(await moveFiles(join(dir, 'none'), bucket)).toEqual({ copied: 0, skipped: 0, bytes: 0, failed: [] });
  });
});
