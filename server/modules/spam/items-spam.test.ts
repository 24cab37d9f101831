// New market items (for sale and wanted) and new gallery items pass the spam rules as posts
// (docs/product/spam.md): a new member's solved challenge, the hourly number shared with posts,
// repeated text, and a held member's item held, shown in the held view, released or removed.
// Edits are not checked; administrators pass untouched.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GallerySave } from '../../../common/api/gallery.js';
import type { MarketSave } from '../../../common/api/market.js';
import { heldItems, heldMembers, marketItems, posts, users } from '../../db/schema/index.js';
import { adminCookie, member } from '../../test/boards.js';
import { plainPng, upload } from '../../test/gallery.js';
import { post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';
import { itemBody } from '../../test/market.js';
import { newMember, proofHeaders } from '../../test/spam.js';
import { PROOF_MSG } from './challenge.js';
import { SPAM_MSG } from './guard.js';
import { HELD_MSG } from './held.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
});
afterAll(() => t.close());

type M = Awaited<ReturnType<typeof member>>;
const db = (app = t) => app.database.db;

/** Lets the member sell in the market (the admin's word on them). */
async function canSell<T extends { no: number }>(app: TestApp, m: T): Promise<T> {
  await db(app).update(users).set({ canMarket: true }).where(eq(users.no, m.no));
  return m;
}
const newSeller = async (app = t) => canSell(app, await newMember(app));
const oldSeller = async (app = t) => canSell(app, await member(app));

const saveItem = async (m: M, over: Partial<MarketSave> = {}, headers: Record<string, string> = {}, app = t) =>
  post(app, '/api/market/save', await itemBody(app, m, over), m.cookie, headers);

async function galleryBody(app: TestApp, cookie: string, over: Partial<GallerySave> = {}): Promise<GallerySave> {
  const fileKey = await upload(app, cookie, await plainPng(), 'a.png', 'image/png');
  return { title: '한강 노을', description: '퇴근길에 찍은 한강의 노을 사진입니다', photos: [{ fileKey, caption: '' }], ...over };
}
const saveGallery = async (cookie: string, over: Partial<GallerySave> = {}, headers: Record<string, string> = {}, app = t) =>
  post(app, '/api/gallery/save', await galleryBody(app, cookie, over), cookie, headers);

const postProof = (m: { cookie: string }, app = t) => proofHeaders(app, 'post', m.cookie);

async function expectRefused(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.json()).toEqual({ message });
  expect(res.statusCode).toBe(status);
}

describe('a new member', () => {
  it('lists a market item (for sale or wanted) only with a solved challenge; an edit needs none', async () => {
    const m = await newSeller();
    await expectRefused(await saveItem(m, { subject: '캐논 R6 바디 팝니다' }), 400, PROOF_MSG.missing);
    expect(await db().select().from(marketItems).where(eq(marketItems.sellerNo, m.no))).toHaveLength(0);
    // A comment's challenge is not a post's.
    await expectRefused(await saveItem(m, { subject: '캐논 R6 바디 팝니다' }, await proofHeaders(t, 'comment', m.cookie)), 400, PROOF_MSG.invalid);
    const saved = await saveItem(m, { subject: '캐논 R6 바디 팝니다' }, await postProof(m));
    expect(saved.statusCode, saved.body).toBe(200);
    const key = saved.json().key as number;
    const edit = await saveItem(m, { key, subject: '캐논 R6 바디 팝니다 (가격 내림)', price: 1_500_000 });
    expect(edit.statusCode, edit.body).toBe(200);
    const [p] = await db().select({ subject: posts.subject, hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.key, key));
    expect(p).toEqual({ subject: '캐논 R6 바디 팝니다 (가격 내림)', hiddenAt: null });

    const wanted = { kind: 'wanted', subject: '라이카 M6 삽니다', content: '<p>상태 좋은 것 찾습니다.</p>', files: [] };
    await expectRefused(await post(t, '/api/market/save', { ...(await itemBody(t, m)), ...wanted }, m.cookie), 400, PROOF_MSG.missing);
    const ad = await post(t, '/api/market/save', { ...(await itemBody(t, m)), ...wanted }, m.cookie, await postProof(m));
    expect(ad.statusCode, ad.body).toBe(200);
  });

  it('adds a gallery item only with a solved challenge; an edit needs none', async () => {
    const m = await newMember(t);
    await expectRefused(await saveGallery(m.cookie), 400, PROOF_MSG.missing);
    expect(await db().select().from(posts).where(and(eq(posts.userNo, m.no), eq(posts.boardId, 'gallery')))).toHaveLength(0);
    const saved = await saveGallery(m.cookie, {}, await postProof(m));
    expect(saved.statusCode, saved.body).toBe(200);
    const galleryKey = saved.json().galleryKey as number;
    const edit = await saveGallery(m.cookie, { galleryKey, title: '한강 노을 (다시 고름)' });
    expect(edit.statusCode, edit.body).toBe(200);
    const [p] = await db().select({ subject: posts.subject }).from(posts).where(eq(posts.key, galleryKey));
    expect(p!.subject).toBe('한강 노을 (다시 고름)');
  });

  it('lists market and gallery items in the same hourly number as posts', async () => {
    const limited = await testApp();
    try {
      const limitedAdmin = await adminCookie(limited);
      const rules = { newMemberDays: 3, newMemberLevelId: null, postsPerHour: 2, holdReports: 3 };
      expect((await post(limited, '/api/admin/spam/settings/save', rules, limitedAdmin)).statusCode).toBe(200);
      const m = await newSeller(limited);
      const item = async (i: number) => saveItem(m, { subject: `소니 A7 바디 팝니다 ${i}`, content: `<p>물건 ${i}</p>` }, await postProof(m, limited), limited);
      const photo = async (i: number) => saveGallery(m.cookie, { title: `사진 ${i}`, description: `설명 ${i}` }, await postProof(m, limited), limited);
      expect((await item(1)).statusCode).toBe(200);
      expect((await photo(2)).statusCode).toBe(200);
      // Two this hour: a third of any kind is refused in Korean.
      await expectRefused(await item(3), 429, SPAM_MSG.hourly(2));
      await expectRefused(await photo(4), 429, SPAM_MSG.hourly(2));
      const board = await post(limited, '/api/board/save', { boardId: 'free', category: 'c1', subject: '새 글', content: '<p>내용</p>' }, m.cookie, await postProof(m, limited));
      await expectRefused(board, 429, SPAM_MSG.hourly(2));
      expect(await db(limited).select().from(posts).where(eq(posts.userNo, m.no))).toHaveLength(2);
      // An older member is not counted this way.
      const old = await oldSeller(limited);
      for (let i = 0; i < 3; i++) expect((await saveItem(old, { subject: `오래된 회원 매물 ${i}`, content: `<p>물건 ${i}</p>` }, {}, limited)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('repeated text', () => {
  it('the same market item a third time in a day is refused; so is the same gallery item', async () => {
    const m = await oldSeller();
    const same = { subject: '니콘 D850 바디 급처합니다', content: '<p>연락 주세요 직거래만 합니다</p>' };
    expect((await saveItem(m, same)).statusCode).toBe(200);
    expect((await saveItem(m, same)).statusCode).toBe(200);
    await expectRefused(await saveItem(m, same), 400, SPAM_MSG.repeat);
    // A wanted ad with the same words is the same text.
    await expectRefused(await post(t, '/api/market/save', { ...(await itemBody(t, m)), ...same, kind: 'wanted', files: [] }, m.cookie), 400, SPAM_MSG.repeat);

    const g = await member(t);
    expect((await saveGallery(g.cookie)).statusCode).toBe(200);
    expect((await saveGallery(g.cookie)).statusCode).toBe(200);
    await expectRefused(await saveGallery(g.cookie), 400, SPAM_MSG.repeat);
  });

  it('an edit is never counted or refused', async () => {
    const m = await oldSeller();
    const same = { subject: '후지 X-T5 바디 팝니다', content: '<p>박스 풀셋 상태 최상입니다</p>' };
    const res = await saveItem(m, same);
    expect(res.statusCode, res.body).toBe(200);
    const key = res.json().key as number;
    for (let i = 0; i < 3; i++) expect((await saveItem(m, { ...same, key })).statusCode).toBe(200);
  });
});

describe('administrators', () => {
  it('list and add the same text again and again without a challenge', async () => {
    const [me] = await db().select({ no: users.no }).from(users).where(eq(users.userId, TEST_ADMIN.userId));
    const same = { subject: '공지용 매물 예시입니다', content: '<p>관리자가 올리는 예시 매물입니다</p>' };
    for (let i = 0; i < 3; i++) {
      const res = await post(t, '/api/market/save', await itemBody(t, me!, same), admin);
      expect(res.statusCode, res.body).toBe(200);
      expect((await saveGallery(admin)).statusCode).toBe(200);
    }
  });
});

describe('a held member', () => {
  type HeldRow = { id: number; kind: string; targetKey: number; subject: string; boardName: string; url: string | null };
  const heldList = async () => {
    const res = await post(t, '/api/admin/report/held/list', {}, admin);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: HeldRow[] }).items;
  };
  const hiddenAt = async (key: number) => (await db().select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.key, key)))[0]!.hiddenAt;

  it("has a new market item held: hidden, in the held view with its subject and page; released, it shows; removed, it is deleted", async () => {
    const m = await oldSeller();
    await db().insert(heldMembers).values({ userNo: m.no, reporters: 3 });
    const keep = (await saveItem(m, { subject: '보류될 매물 하나' })).json().key as number;
    const drop = (await saveItem(m, { subject: '보류될 매물 둘', content: '<p>다른 내용의 매물입니다</p>' })).json().key as number;
    expect(await hiddenAt(keep)).not.toBeNull();
    expect(await hiddenAt(drop)).not.toBeNull();
    // Others do not get it.
    const reader = await member(t);
    expect((await post(t, '/api/market/view', { key: keep }, reader.cookie)).body).not.toContain('상태 좋습니다');

    const mine = (await heldList()).filter((i) => i.targetKey === keep || i.targetKey === drop);
    expect(mine.map((i) => [i.kind, i.subject, i.url])).toEqual(
      expect.arrayContaining([
        ['post', '보류될 매물 하나', `/market/view/${keep}`],
        ['post', '보류될 매물 둘', `/market/view/${drop}`],
      ]),
    );
    expect(mine.every((i) => i.boardName !== '')).toBe(true);

    const release = await post(t, '/api/admin/report/held/release', { id: mine.find((i) => i.targetKey === keep)!.id }, admin);
    expect(release.json()).toEqual({ message: HELD_MSG.released });
    expect(await hiddenAt(keep)).toBeNull();
    const shown = await post(t, '/api/market/view', { key: keep }, reader.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().subject).toBe('보류될 매물 하나');

    const removed = await post(t, '/api/admin/report/held/remove', { id: mine.find((i) => i.targetKey === drop)!.id }, admin);
    expect(removed.json()).toEqual({ message: HELD_MSG.removed });
    const [item] = await db().select({ deletedAt: marketItems.deletedAt }).from(marketItems).where(eq(marketItems.postKey, drop));
    const [p] = await db().select({ deletedAt: posts.deletedAt }).from(posts).where(eq(posts.key, drop));
    expect(item!.deletedAt).not.toBeNull();
    expect(p!.deletedAt).not.toBeNull();
    expect(await db().select().from(heldItems).where(eq(heldItems.userNo, m.no))).toHaveLength(0);
  });

  it('has a new gallery item held: hidden, in the held view with its page; removed, it is deleted', async () => {
    const m = await member(t);
    await db().insert(heldMembers).values({ userNo: m.no, reporters: 3 });
    const res = await saveGallery(m.cookie, { title: '보류될 사진' });
    expect(res.statusCode, res.body).toBe(200);
    const key = res.json().galleryKey as number;
    expect(await hiddenAt(key)).not.toBeNull();
    const row = (await heldList()).find((i) => i.targetKey === key)!;
    expect(row).toMatchObject({ kind: 'post', subject: '보류될 사진', url: `/gallery/view/${key}` });
    expect((await post(t, '/api/admin/report/held/remove', { id: row.id }, admin)).json()).toEqual({ message: HELD_MSG.removed });
    const [p] = await db().select({ deletedAt: posts.deletedAt }).from(posts).where(eq(posts.key, key));
    expect(p!.deletedAt).not.toBeNull();
  });
});
