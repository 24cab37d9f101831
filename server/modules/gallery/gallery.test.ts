// /api/gallery/*: save, list, view, delete; EXIF with matched products; GPS never anywhere.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, posts, todayPhotos } from '../../db/schema/index.js';
import { adminCookie, member } from '../../test/boards.js';
import { CATALOGUE_PRODUCTS, ensureProducts } from '../../test/exif-match-cases.js';
import { createGallery, gpsJpeg, plainPng, upload } from '../../test/gallery.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { productIndex } from '../products/product-index.js';

let t: TestApp;
let ids: Map<string, number>;
const productKey = async (exifName: string) => (await productIndex(t.database.db)).byId.get(ids.get(exifName)!)!.key;
const NO_GPS = /gps|latitude|longitude|"lat"|"lon"/i;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  ({ ids } = await ensureProducts(t.database.db, CATALOGUE_PRODUCTS));
});
afterAll(() => t.close());

describe('/api/gallery/save and /api/gallery/view', () => {
  let owner: Awaited<ReturnType<typeof member>>;
  let key: number;
  let shots: string[];
  beforeAll(async () => {
    owner = await member(t);
    shots = [await upload(t, owner.cookie, await gpsJpeg()), await upload(t, owner.cookie, await plainPng(), 'b.png', 'image/png')];
    key = await createGallery(t, owner.cookie, {
      title: '봄 바다',
      description: '첫 줄 <b>굵게</b>\n둘째 줄 @{nobody}',
      photos: [
        { fileKey: shots[1]!, caption: '두 번째로 올린 사진' },
        { fileKey: shots[0]!, caption: '캐논으로 찍음' },
      ],
    });
  });

  it('keeps photos in the given order with captions, EXIF and the matched body and lens', async () => {
    const res = await post(t, '/api/gallery/view', { galleryKey: key });
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({ galleryKey: key, title: '봄 바다', photoCount: 2, author: { userId: owner.userId, nickName: owner.nickName } });
    expect(v.photos.map((p: { fileKey: string }) => p.fileKey)).toEqual([shots[1], shots[0]]);
    expect(v.photos[1]).toMatchObject({
      caption: '캐논으로 찍음',
      exif: { camera: 'Canon EOS 5D Mark IV', lens: 'EF24-70mm f/2.8L II USM', focalLength: '35mm', aperture: 'f/2.8', shutter: '1/200', iso: 100 },
      cameraProduct: { key: await productKey('Canon EOS 5D Mark IV') },
      lensProduct: { key: await productKey('Canon EF 24-70mm f/2.8L II USM') },
      mediumUrl: `/api/file/down/${shots[0]}/medium`,
      thumbUrl: `/api/file/down/${shots[0]}/thumb`,
      width: 1600,
      height: 1000,
    });
    expect(v.cover.thumbUrl).toBe(`/api/file/down/${shots[1]}/thumb`);
    // The description is plain text: markup shown as text, newlines as line breaks.
    expect(v.description).toBe('첫 줄 <b>굵게</b>\n둘째 줄 @{nobody}');
    expect(v.descriptionHtml).toContain('첫 줄 &lt;b&gt;굵게&lt;/b&gt;<br />둘째 줄');
    expect(v.abilities).toEqual({ canEdit: false, canDelete: false, canRecommend: false, canComment: false, canScrap: false, canReport: false });
    expect(v).not.toHaveProperty('inMuseum');
    expect(res.body).not.toMatch(NO_GPS);
  });

  it('gives the owner the manager fields and edit rights; another member may recommend but not edit', async () => {
    const mine = (await post(t, '/api/gallery/view', { galleryKey: key }, owner.cookie)).json();
    expect(mine).toMatchObject({ inMuseum: false, todayDates: [], abilities: { canEdit: true, canDelete: true, canRecommend: false, canReport: false } });
    const other = await member(t);
    const theirs = (await post(t, '/api/gallery/view', { galleryKey: key }, other.cookie)).json();
    expect(theirs.abilities).toEqual({ canEdit: false, canDelete: false, canRecommend: true, canComment: true, canScrap: true, canReport: true });
    // An admin deletes and reports someone's work, never rewrites it.
    const asAdmin = (await post(t, '/api/gallery/view', { galleryKey: key }, await adminCookie(t))).json();
    expect(asAdmin.abilities).toMatchObject({ canEdit: false, canDelete: true, canReport: true });
  });

  it('stores no GPS: the derived files carry no EXIF at all', async () => {
    const [row] = await t.database.db.select().from(files).where(eq(files.key, shots[0]!));
    expect(JSON.stringify(row!.exif)).not.toMatch(NO_GPS);
    for (const path of [row!.storagePath, row!.thumbPath!, row!.mediumPath!]) {
      const data = readFileSync(join(t.app.ctx.config.dataDir, 'files', path));
      expect(await exifr.gps(data).catch(() => undefined)).toBeUndefined();
      expect(await exifr.parse(data, true).catch(() => undefined)).toBeUndefined();
    }
    // Attached to a public gallery: visitors get the medium size, cached as immutable.
    const res = await t.app.inject({ method: 'GET', url: `/api/file/down/${shots[0]}/medium` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets the owner reorder, recaption and drop photos', async () => {
    const extra = await upload(t, owner.cookie, await plainPng('#123456'), 'c.png', 'image/png');
    const res = await post(t, '/api/gallery/save', { galleryKey: key, title: '봄 바다 (수정)', description: '', photos: [{ fileKey: shots[0]! }, { fileKey: extra, caption: '새 사진' }] }, owner.cookie);
    expect(res.statusCode).toBe(200);
    const v = (await post(t, '/api/gallery/view', { galleryKey: key })).json();
    expect(v.title).toBe('봄 바다 (수정)');
    expect(v.photos.map((p: { fileKey: string; caption: string }) => [p.fileKey, p.caption])).toEqual([
      [shots[0], ''],
      [extra, '새 사진'],
    ]);
    const [dropped] = await t.database.db.select({ postKey: files.postKey }).from(files).where(eq(files.key, shots[1]!));
    expect(dropped!.postKey).toBeNull();
  });

  it('refuses another member editing, and an admin rewriting, with nothing changed', async () => {
    const other = await member(t);
    const theirPhoto = await upload(t, other.cookie, await plainPng());
    const body = { galleryKey: key, title: '가로채기', photos: [{ fileKey: theirPhoto }] };
    const res = await post(t, '/api/gallery/save', body, other.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('자신의 사진만 고칠 수 있습니다.');
    const admin = await adminCookie(t);
    expect((await post(t, '/api/gallery/save', body, admin)).statusCode).toBe(400); // not the admin's upload either
    const [row] = await t.database.db.select({ subject: posts.subject }).from(posts).where(eq(posts.key, key));
    expect(row!.subject).toBe('봄 바다 (수정)');
  });

  it('refuses bad input with Korean messages and saves nothing', async () => {
    const other = await member(t);
    const before = await t.database.db.select({ key: posts.key }).from(posts).where(eq(posts.boardId, 'gallery'));
    const cases: Array<[object, string]> = [
      [{ title: '', photos: [{ fileKey: shots[0] }] }, '제목'],
      [{ title: '사진', photos: [] }, '사진을 한 장 이상 올려 주세요.'],
      [{ title: '사진', photos: [{ fileKey: shots[0] }] }, '직접 올린 사진만 갤러리에 담을 수 있습니다.'], // the owner's
      [{ title: '사진', photos: [{ fileKey: await upload(t, other.cookie, Buffer.from('memo'), 'memo.txt', 'text/plain') }] }, '사진 파일만 올릴 수 있습니다.'],
    ];
    const own = await upload(t, other.cookie, await plainPng());
    cases.push([{ title: '사진', photos: [{ fileKey: own }, { fileKey: own }] }, '같은 사진이 두 번 담겼습니다.']);
    for (const [body, message] of cases) {
      const res = await post(t, '/api/gallery/save', body, other.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await post(t, '/api/gallery/save', { title: '사진', photos: [{ fileKey: own }] })).statusCode).toBe(401);
    const after = await t.database.db.select({ key: posts.key }).from(posts).where(eq(posts.boardId, 'gallery'));
    expect(after.length).toBe(before.length);
  });

  it('answers a missing or non-gallery key as not found', async () => {
    const res = await post(t, '/api/gallery/view', { galleryKey: 999999999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('forward:사진을 찾을 수 없습니다.');
    expect((await post(t, '/api/gallery/view', { galleryKey: 'x' })).statusCode).toBe(400);
  });

  it('works with the boards calls: comments and recommendations count on the item', async () => {
    const other = await member(t);
    expect((await post(t, '/api/comment/save', { boardId: 'gallery', key, content: '멋져요' }, other.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/board/recommend', { boardId: 'gallery', key }, other.cookie)).statusCode).toBe(200);
    const v = (await post(t, '/api/gallery/view', { galleryKey: key }, other.cookie)).json();
    expect(v).toMatchObject({ commentCount: 1, recommends: 1, recommended: true });
  });
});

describe('/api/gallery/list', () => {
  it('lists newest first, by member, and by product; a visitor gets no GPS', async () => {
    const a = await member(t);
    const b = await member(t);
    const first = await createGallery(t, a.cookie, { title: '첫째' });
    const canon = await createGallery(t, a.cookie, { title: '캐논', photos: [{ fileKey: await upload(t, a.cookie, await gpsJpeg(800, 600)) }] });
    const theirs = await createGallery(t, b.cookie, { title: '남의 것' });

    const all = (await post(t, '/api/gallery/list', { page: 1 })).json();
    expect(all.pageSize).toBe(24);
    expect(all.items.slice(0, 3).map((i: { galleryKey: number }) => i.galleryKey)).toEqual([theirs, canon, first]);
    expect(all.total).toBeGreaterThanOrEqual(3);

    const mine = (await post(t, '/api/gallery/list', { userId: a.userId, page: 1 })).json();
    expect(mine.items.map((i: { galleryKey: number }) => i.galleryKey)).toEqual([canon, first]);
    expect(mine.total).toBe(2);
    expect(mine.items[0]).toMatchObject({ title: '캐논', photoCount: 1, author: { userId: a.userId }, cover: { width: 800, height: 600 } });

    const byLens = await post(t, '/api/gallery/list', { page: 1, productKey: await productKey('Canon EF 24-70mm f/2.8L II USM') });
    expect(byLens.json().items.map((i: { galleryKey: number }) => i.galleryKey)).toContain(canon);
    expect(byLens.json().items.map((i: { galleryKey: number }) => i.galleryKey)).not.toContain(first);
    expect(byLens.body).not.toMatch(NO_GPS);
    expect((await post(t, '/api/gallery/list', { page: 1, productKey: 'no-such-product' })).json()).toMatchObject({ items: [], total: 0 });
    expect((await post(t, '/api/gallery/list', { page: 0 })).statusCode).toBe(400);
  });
});

describe('/api/gallery/delete', () => {
  it('lets the owner delete; the item leaves lists, museums and the view', async () => {
    const a = await member(t);
    const key = await createGallery(t, a.cookie);
    expect((await post(t, '/api/museum/save', { exhibits: [{ galleryKey: key, note: '대표작' }] }, a.cookie)).statusCode).toBe(200);
    const res = await post(t, '/api/gallery/delete', { galleryKey: key }, a.cookie);
    expect(res.statusCode).toBe(200);
    expect((await post(t, '/api/gallery/view', { galleryKey: key })).json().message).toBe('forward:삭제된 사진입니다.');
    expect((await post(t, '/api/gallery/list', { userId: a.userId, page: 1 })).json().total).toBe(0);
    expect((await post(t, '/api/museum/list', { userId: a.userId, page: 1 })).json().total).toBe(0);
  });

  it('refuses another member; lets an admin delete', async () => {
    const a = await member(t);
    const other = await member(t);
    const key = await createGallery(t, a.cookie);
    const res = await post(t, '/api/gallery/delete', { galleryKey: key }, other.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('사진을 올린 회원과 관리자만 지울 수 있습니다.');
    expect((await post(t, '/api/gallery/delete', { galleryKey: key })).statusCode).toBe(401);
    expect((await post(t, '/api/gallery/delete', { galleryKey: key }, await adminCookie(t))).statusCode).toBe(200);
  });

  it('takes no gallery items through the board calls (their own rules keep museums and picks right)', async () => {
    const a = await member(t);
    const key = await createGallery(t, a.cookie);
    const saved = await post(t, '/api/board/save', { boardId: 'gallery', category: 'c1', subject: '우회', content: '<p>우회</p>' }, a.cookie);
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toBe('갤러리 사진은 내 갤러리에서 올리고 고쳐 주세요.');
    const gone = await post(t, '/api/board/delete', { boardId: 'gallery', key }, a.cookie);
    expect(gone.statusCode).toBe(400);
    const [row] = await t.database.db.select({ deletedAt: posts.deletedAt }).from(posts).where(eq(posts.key, key));
    expect(row!.deletedAt).toBeNull();
  });

  it("refuses deleting today's photo (the list of past photos keeps it)", async () => {
    const a = await member(t);
    const key = await createGallery(t, a.cookie);
    await t.database.db.insert(todayPhotos).values({ day: '2020-01-02', postKey: key });
    const res = await post(t, '/api/gallery/delete', { galleryKey: key }, a.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('오늘의 사진으로 뽑힌 작품은 지울 수 없습니다. 관리자에게 문의해 주세요.');
    const [row] = await t.database.db.select({ deletedAt: posts.deletedAt }).from(posts).where(eq(posts.key, key));
    expect(row!.deletedAt).toBeNull();
    await t.database.db.delete(todayPhotos).where(eq(todayPhotos.postKey, key));
  });
});

describe('/api/gallery/photos (photos taken with a product)', () => {
  it('pages gallery photos whose EXIF matched the product, newest first, linking to their items', async () => {
    const a = await member(t);
    const older = await upload(t, a.cookie, await gpsJpeg(700, 500));
    const newer = await upload(t, a.cookie, await gpsJpeg(640, 480));
    const key = await createGallery(t, a.cookie, { title: '캐논 두 장', photos: [{ fileKey: older }, { fileKey: newer }] });
    const body = await productKey('Canon EOS 5D Mark IV');
    const res = await post(t, '/api/gallery/photos', { productKey: body, page: 1 });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.pageSize).toBe(24);
    const mine = page.items.filter((p: { galleryKey: number }) => p.galleryKey === key);
    expect(mine.map((p: { fileKey: string }) => p.fileKey)).toEqual([newer, older]);
    expect(mine[0]).toMatchObject({ title: '캐논 두 장', author: { userId: a.userId }, exif: { camera: 'Canon EOS 5D Mark IV' }, mediumUrl: `/api/file/down/${newer}/medium` });
    expect(res.body).not.toMatch(NO_GPS);
    const missing = await post(t, '/api/gallery/photos', { productKey: 'no-such-product', page: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('제품을 찾을 수 없습니다.');
    expect((await post(t, '/api/gallery/photos', { productKey: '', page: 1 })).statusCode).toBe(400);
  });
});
