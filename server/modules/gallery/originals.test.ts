// The owner's unmarked originals on /api/gallery/view: only the owner's answer names the photos
// that keep one (never another member's, an administrator's or the visitors' shared answer, even
// once the owner has looked), and the address it stands for downloads for the owner alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, member } from '../../test/boards.js';
import { createGallery, gpsJpeg, plainPng, upload } from '../../test/gallery.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof member>>;

async function galleryUpload(cookie: string, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'sea.jpg');
  const res = await t.app.inject({ method: 'POST', url: '/api/file/upload?for=gallery', payload: form, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().fileKey as string;
}

const view = (key: number, cookie?: string) => post(t, '/api/gallery/view', { galleryKey: key }, cookie);
const down = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const originalUrl = (fileKey: string) => `/api/file/down/${encodeURIComponent(fileKey)}/original`;

describe('originals on the gallery view', () => {
  let owner: Member;
  let other: Member;
  let marked: string;
  let plain: string;
  let key: number;
  beforeAll(async () => {
    owner = await member(t);
    other = await member(t);
    const photo = await gpsJpeg(900, 600);
    plain = await upload(t, owner.cookie, await plainPng(), 'a.png', 'image/png');
    const saved = await post(t, '/api/gallery/watermark/save', { enabled: true, text: 'Chalkak', position: 'bottom-right', opacity: 60, keepCredit: false }, owner.cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    marked = await galleryUpload(owner.cookie, photo);
    key = await createGallery(t, owner.cookie, {
      photos: [
        { fileKey: plain, caption: '예전 사진' },
        { fileKey: marked, caption: '워터마크 사진' },
      ],
    });
  });

  it("names the owner's marked photos in the owner's answer only", async () => {
    const mine = await view(key, owner.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().originals).toEqual([marked]);
    expect(mine.json().photos.map((p: { fileKey: string }) => p.fileKey)).toEqual([plain, marked]);

    // The visitors' shared answer, asked for right after the owner's (and again from the cache).
    for (const res of [await view(key), await view(key)]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('originals');
      expect(res.body).not.toContain('original');
    }
    for (const cookie of [other.cookie, await adminCookie(t)]) {
      const res = await view(key, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('originals');
      expect(res.body).not.toContain('original');
    }
  });

  it('the address downloads the unmarked file for the owner and is missing for anyone else', async () => {
    const mine = await down(originalUrl(marked), owner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.headers['content-disposition']).toMatch(/^attachment; filename="?sea-original\.webp"?$/);
    expect(mine.headers['cache-control']).toBe('private, max-age=3600');
    expect(mine.rawPayload.length).toBeGreaterThan(100);

    for (const cookie of [other.cookie, undefined]) {
      const res = await down(originalUrl(marked), cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('파일을 찾을 수 없습니다.');
    }
  });

  it('an item without marked photos answers an empty list to its owner', async () => {
    const m = await member(t);
    const k = await createGallery(t, m.cookie);
    const res = await view(k, m.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().originals).toEqual([]);
  });

  it('refuses a bad key in Korean and answers no originals for a missing item', async () => {
    const bad = await post(t, '/api/gallery/view', { galleryKey: 'x' }, owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('사진을 찾을 수 없습니다.');
    const missing = await view(key + 10_000, owner.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('original');
  });
});
