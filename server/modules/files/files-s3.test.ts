// The files calls' main cases with STORAGE=s3 against a real S3-protocol server (s3rver):
// upload, the derived sizes, downloads with their headers and permission checks, clean-up.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, files, posts } from '../../db/schema/index.js';
import { createStorage } from '../../lib/storage.js';
import { createS3Storage, type S3Storage } from '../../lib/storage-s3.js';
import { createUser, login, testApp, type TestApp } from '../../test/harness.js';
import { startS3, type TestS3 } from '../../test/s3-server.js';
import { cleanupUnattached } from './service.js';

let s3: TestS3;
let t: TestApp;
let bucket: S3Storage;
beforeAll(async () => {
  s3 = await startS3();
  t = await testApp({ RATE_LIMIT: 'false', ...s3.env, S3_PREFIX: 'site/' });
  const config = t.app.ctx.config.storage;
  if (config.kind !== 's3') throw new Error('expected STORAGE=s3');
  bucket = createS3Storage(config);
});
afterAll(async () => {
  bucket.close();
  await t.close();
  await s3.close();
});

async function member() {
  const u = await createUser(t);
  return { ...u, cookie: await login(t, u.userId, u.password) };
}

function upload(data: Buffer, name: string, cookie?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  return t.app.inject({ method: 'POST', url: '/api/file/upload', payload: form, headers: cookie ? { cookie } : {} });
}
const down = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const bytes = async (key: string) => {
  const o = await bucket.get(key);
  if (!o) return null;
  const chunks: Buffer[] = [];
  for await (const c of o.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const photo = () => sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#4477aa' } }).jpeg().toBuffer();

async function attachToPublicBoard(fileKey: string, userNo: number) {
  const id = `s3_${Math.random().toString(36).slice(2, 8)}`;
  await t.database.db.insert(boards).values({ id, name: '공개', readLevel: 0 });
  const [p] = await t.database.db
    .insert(posts)
    .values({ boardId: id, userNo, nickName: '작성자', subject: '사진', content: '<p>사진</p>' })
    .returning({ key: posts.key });
  await t.database.db.update(files).set({ postKey: p!.key }).where(eq(files.key, fileKey));
}

describe('uploads on S3', () => {
  it('stores the image and its derived sizes in the bucket (under the prefix), nothing on disk', async () => {
    const u = await member();
    const res = await upload(await photo(), '여행.jpg', u.cookie);
    expect(res.statusCode).toBe(200);
    const { fileKey } = res.json();
    const [row] = await t.database.db.select().from(files).where(eq(files.key, fileKey));
    for (const key of [row!.storagePath, row!.thumbPath!, row!.mediumPath!]) {
      const data = await bytes(key);
      expect((await sharp(data!).metadata()).format).toBe('webp');
      expect(await bucket.head(key)).toMatchObject({ size: data!.length });
    }
    const listed = [];
    for await (const o of bucket.list()) listed.push(o.key);
    expect(listed).toEqual(expect.arrayContaining([row!.storagePath, row!.thumbPath, row!.mediumPath]));
    expect(existsSync(join(t.app.ctx.config.dataDir, 'files'))).toBe(false);
  });

  it('serves each size with the same headers as from disk, and only to those who may read it', async () => {
    const u = await member();
    const other = await member();
    const up = (await upload(await photo(), '사진.jpg', u.cookie)).json();
    const res = await down(up.url, u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=3600',
    });
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1600);
    const thumb = await down(up.thumbUrl, u.cookie);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);
    const medium = await down(`/api/file/down/${up.fileKey}/medium`, u.cookie);
    expect((await sharp(medium.rawPayload).metadata()).width).toBe(1280);
    // Unattached: only its uploader.
    expect((await down(up.url, other.cookie)).statusCode).toBe(404);
    expect((await down(up.url)).json().message).toBe('파일을 찾을 수 없습니다.');
    // On a public board: everyone, cached for a year.
    await attachToPublicBoard(up.fileKey, u.no);
    const pub = await down(up.thumbUrl);
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends an attachment byte for byte with its Korean name', async () => {
    const u = await member();
    const up = (await upload(PDF, '촬영 일정표.pdf', u.cookie)).json();
    const res = await down(up.url, u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('촬영 일정표.pdf'));
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('answers 404 in Korean when the row is there but the object is gone', async () => {
    const u = await member();
    const up = (await upload(PDF, 'gone.pdf', u.cookie)).json();
    const [row] = await t.database.db.select().from(files).where(eq(files.key, up.fileKey));
    await bucket.delete(row!.storagePath);
    const res = await down(up.url, u.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('파일을 찾을 수 없습니다.');
  });

  it('clean-up deletes the objects of uploads never attached', async () => {
    const u = await member();
    const old = (await upload(await photo(), 'old.jpg', u.cookie)).json();
    await t.database.db.update(files).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(files.key, old.fileKey));
    const [row] = await t.database.db.select().from(files).where(eq(files.key, old.fileKey));
    expect(await bucket.head(row!.storagePath)).not.toBeNull();
    expect(await cleanupUnattached(t.database.db, createStorage(t.app.ctx.config))).toBeGreaterThanOrEqual(1);
    for (const key of [row!.storagePath, row!.thumbPath!, row!.mediumPath!]) expect(await bucket.head(key)).toBeNull();
  });
});

describe('the S3 store itself', () => {
  it('replaces, reads, deletes (twice without error) and refuses unsafe keys', async () => {
    await bucket.put('t/a.txt', Buffer.from('one'), 'text/plain');
    await bucket.put('t/a.txt', Buffer.from('two!'), 'text/plain');
    expect((await bytes('t/a.txt'))!.toString()).toBe('two!');
    expect((await bucket.get('t/a.txt'))!.size).toBe(4);
    await bucket.delete('t/a.txt');
    await bucket.delete('t/a.txt');
    expect(await bucket.get('t/a.txt')).toBeNull();
    expect(await bucket.head('t/a.txt')).toBeNull();
    await expect(bucket.put('../x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/bad storage key/);
  });
});
