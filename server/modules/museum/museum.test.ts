// /api/museum/*: the owner curates from their own gallery; everyone views the catalogue and the slideshow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { member } from '../../test/boards.js';
import { createGallery, gpsJpeg, upload } from '../../test/gallery.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const keys = (items: Array<{ galleryKey: number }>) => items.map((e) => e.galleryKey);

describe('/api/museum/save, list and show', () => {
  let owner: Awaited<ReturnType<typeof member>>;
  let items: number[];
  beforeAll(async () => {
    owner = await member(t);
    items = [
      await createGallery(t, owner.cookie, { title: '하나' }),
      await createGallery(t, owner.cookie, { title: '둘', photos: [{ fileKey: await upload(t, owner.cookie, await gpsJpeg(600, 400)), caption: '캐논' }] }),
      await createGallery(t, owner.cookie, { title: '셋' }),
    ];
  });

  it('keeps the exhibits in the order given, with notes; the catalogue and slideshow show them', async () => {
    const res = await post(t, '/api/museum/save', { exhibits: [{ galleryKey: items[1], note: '대표작' }, { galleryKey: items[2] }, { galleryKey: items[0], note: '처음' }] }, owner.cookie);
    expect(res.statusCode).toBe(200);
    const list = (await post(t, '/api/museum/list', { userId: owner.userId, page: 1 })).json();
    expect(keys(list.items)).toEqual([items[1], items[2], items[0]]);
    expect(list).toMatchObject({ total: 3, pageSize: 24 });
    expect(list.items[0]).toMatchObject({ note: '대표작', title: '둘', photo: { caption: '캐논', exif: { camera: 'Canon EOS 5D Mark IV' } } });
    expect(list.items[0].cover.mediumUrl).toMatch(/\/medium$/);
    expect(JSON.stringify(list)).not.toMatch(/gps|latitude/i);

    const show = (await post(t, '/api/museum/show', { userId: owner.userId, galleryKey: items[2] })).json();
    expect(show).toMatchObject({ owner: { userId: owner.userId, nickName: owner.nickName }, start: 1 });
    expect(keys(show.exhibits)).toEqual([items[1], items[2], items[0]]);
    expect((await post(t, '/api/museum/show', { userId: owner.userId })).json().start).toBe(0);
    // The owner's view marks the item as exhibited.
    expect((await post(t, '/api/gallery/view', { galleryKey: items[1] }, owner.cookie)).json().inMuseum).toBe(true);
  });

  it('replaces the whole list on every save', async () => {
    expect((await post(t, '/api/museum/save', { exhibits: [{ galleryKey: items[0], note: '' }] }, owner.cookie)).statusCode).toBe(200);
    expect(keys((await post(t, '/api/museum/list', { userId: owner.userId, page: 1 })).json().items)).toEqual([items[0]]);
    expect((await post(t, '/api/museum/save', { exhibits: [] }, owner.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/museum/list', { userId: owner.userId, page: 1 })).json().total).toBe(0);
  });

  it("refuses someone else's items, duplicates and bad input; changes nothing", async () => {
    await post(t, '/api/museum/save', { exhibits: [{ galleryKey: items[0], note: '유지' }] }, owner.cookie);
    const other = await member(t);
    const theirs = await post(t, '/api/museum/save', { exhibits: [{ galleryKey: items[1], note: '' }] }, other.cookie);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe('내 갤러리의 사진만 전시할 수 있습니다.');
    const dup = await post(t, '/api/museum/save', { exhibits: [{ galleryKey: items[0] }, { galleryKey: items[0] }] }, owner.cookie);
    expect(dup.json().message).toBe('같은 사진을 두 번 전시할 수 없습니다.');
    const long = await post(t, '/api/museum/save', { exhibits: [{ galleryKey: items[0], note: '가'.repeat(501) }] }, owner.cookie);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('작품 설명은 500자까지 입력할 수 있습니다.');
    expect((await post(t, '/api/museum/save', { exhibits: [] })).statusCode).toBe(401);
    const list = (await post(t, '/api/museum/list', { userId: owner.userId, page: 1 })).json();
    expect(list.items.map((e: { note: string }) => e.note)).toEqual(['유지']);
    expect((await post(t, '/api/museum/list', { userId: other.userId, page: 1 })).json().total).toBe(0);
  });

  it('answers an unknown member: an empty catalogue, a missing slideshow', async () => {
    expect((await post(t, '/api/museum/list', { userId: 'nobody_here', page: 1 })).json()).toMatchObject({ items: [], total: 0 });
    const show = await post(t, '/api/museum/show', { userId: 'nobody_here' });
    expect(show.statusCode).toBe(404);
    expect(show.json().message).toBe('forward:회원을 찾을 수 없습니다.');
    expect((await post(t, '/api/museum/show', { userId: owner.userId, galleryKey: 'abc' })).statusCode).toBe(400);
  });
});
