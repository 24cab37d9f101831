// Spam kept out: the proof-of-work challenge (missing, forged, for another purpose, replayed,
// expired), the new-member rules (challenge, no links or images in comments and letters, posts
// per hour, the level rule), repeated text, the hold after reports and the administrator's
// release and removal (audited), and who may call what.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SPAM_PROOF_HEADER } from '../../../common/api/spam.js';
import { adminAudit, comments, heldItems, heldMembers, letters, levels, posts, spamTexts, users } from '../../db/schema/index.js';
import { adminCookie, createPost, member } from '../../test/boards.js';
import { advanceClock, resetClock } from '../../test/clock.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { challengeFor, newMember, proofHeaders, solveProof } from '../../test/spam.js';
import { PROOF_MSG, PROOF_TTL_MS } from './challenge.js';
import { SPAM_MSG } from './guard.js';
import { HELD_MSG } from './held.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // Sign-ups are limited per address; the hourly post limit has its own app with limits on.
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
});
afterAll(() => t.close());
afterEach(() => resetClock());

const db = () => t.database.db;
let n = 0;
function joinForm() {
  const k = `${Date.now().toString(36).slice(-4)}${++n}`;
  return {
    userId: `spam_${k}`,
    password: 'secret-pass-1',
    rePassword: 'secret-pass-1',
    nickName: `스팸검사${k}`,
    email: `spam_${k}@example.com`,
    question: '처음 쓴 카메라는?',
    answer: 'Nikon FM2',
    agree: 'Y',
  };
}
const join = (headers: Record<string, string>, form = joinForm()) => post(t, '/api/public/join', form, undefined, headers);
const saveSettings = (body: object, cookie = admin) => post(t, '/api/admin/spam/settings/save', body, cookie);
const DEFAULTS = { newMemberDays: 3, newMemberLevelId: null, postsPerHour: 5, holdReports: 3 };

async function expectRefused(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.json()).toEqual({ message });
  expect(res.statusCode).toBe(status);
}

describe('the challenge', () => {
  it('a sign-up with a solved challenge joins', async () => {
    const form = joinForm();
    const res = await join(await proofHeaders(t, 'join'), form);
    expect(res.statusCode, res.body).toBe(200);
    expect(await db().select().from(users).where(eq(users.userId, form.userId))).toHaveLength(1);
  });

  it('a sign-up without one is refused in Korean and stores nothing', async () => {
    const form = joinForm();
    await expectRefused(await join({}, form), 400, PROOF_MSG.missing);
    expect(await db().select().from(users).where(eq(users.userId, form.userId))).toHaveLength(0);
  });

  it('a forged payload, a wrong answer or a changed challenge is refused', async () => {
    await expectRefused(await join({ [SPAM_PROOF_HEADER]: 'bm90IGEgcGF5bG9hZA==' }), 400, PROOF_MSG.invalid);
    const challenge = (await challengeFor(t, 'join'))!;
    const good = JSON.parse(Buffer.from(await solveProof(challenge), 'base64').toString()) as { challenge: typeof challenge; solution: { counter: number; derivedKey: string } };
    // A key the work did not give (the last byte changed).
    const key = good.solution.derivedKey;
    const wrongAnswer = { ...good, solution: { ...good.solution, derivedKey: key.slice(0, -2) + (key.endsWith('00') ? '01' : '00') } };
    await expectRefused(await join({ [SPAM_PROOF_HEADER]: Buffer.from(JSON.stringify(wrongAnswer)).toString('base64') }), 400, PROOF_MSG.invalid);
    // Made easier by hand: the signature no longer matches.
    const easier = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1 } } };
    await expectRefused(await join({ [SPAM_PROOF_HEADER]: Buffer.from(JSON.stringify(easier)).toString('base64') }), 400, PROOF_MSG.invalid);
    // One that is far too long is not even read.
    await expectRefused(await join({ [SPAM_PROOF_HEADER]: 'A'.repeat(5000) }), 400, PROOF_MSG.invalid);
  });

  it('a challenge solved for a letter does not pass a sign-up', async () => {
    const m = await newMember(t);
    await expectRefused(await join(await proofHeaders(t, 'letter', m.cookie)), 400, PROOF_MSG.invalid);
  });

  it('counts once: the same solved challenge sent again is refused', async () => {
    const headers = await proofHeaders(t, 'join');
    expect((await join(headers)).statusCode).toBe(200);
    await expectRefused(await join(headers), 400, PROOF_MSG.used);
  });

  it('an expired challenge is refused', async () => {
    // Made as if long ago: its end is already past when it is checked.
    advanceClock(-(PROOF_TTL_MS + 60_000));
    const headers = await proofHeaders(t, 'join');
    resetClock();
    await expectRefused(await join(headers), 400, PROOF_MSG.expired);
  });

  it('/api/spam/challenge: bad input, visitors only for a sign-up, none for a member past the rules', async () => {
    const bad = await post(t, '/api/spam/challenge', { purpose: 'spam' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('확인할 작업을 골라 주세요.');
    expect((await post(t, '/api/spam/challenge', { purpose: 'post' })).statusCode).toBe(401);
    const old = await member(t);
    expect(await challengeFor(t, 'post', old.cookie)).toBeNull();
    const fresh = await newMember(t);
    expect((await challengeFor(t, 'comment', fresh.cookie))?.parameters.data).toEqual({ purpose: 'comment' });
    expect(await challengeFor(t, 'post', admin)).toBeNull();
  });
});

describe('new members', () => {
  it('write a post, comment and letter only with a solved challenge', async () => {
    const m = await newMember(t);
    const other = await member(t);
    const body = { boardId: 'free', category: 'c1', subject: '처음 인사', content: '<p>반갑습니다</p>' };
    await expectRefused(await post(t, '/api/board/save', body, m.cookie), 400, PROOF_MSG.missing);
    const saved = await post(t, '/api/board/save', body, m.cookie, await proofHeaders(t, 'post', m.cookie));
    expect(saved.statusCode, saved.body).toBe(200);
    const key = saved.json().key as number;
    // An edit is not a new post: no challenge.
    expect((await post(t, '/api/board/save', { ...body, key, subject: '처음 인사 (고침)' }, m.cookie)).statusCode).toBe(200);

    const comment = { boardId: 'free', key, content: '잘 부탁드립니다' };
    await expectRefused(await post(t, '/api/comment/save', comment, m.cookie), 400, PROOF_MSG.missing);
    expect((await post(t, '/api/comment/save', comment, m.cookie, await proofHeaders(t, 'comment', m.cookie))).statusCode).toBe(200);

    const letter = { receiver: other.userId, subject: '안녕하세요', content: '출사 같이 가요' };
    await expectRefused(await post(t, '/api/letter/send/save', letter, m.cookie), 400, PROOF_MSG.missing);
    // A comment's challenge does not pass a letter.
    await expectRefused(await post(t, '/api/letter/send/save', letter, m.cookie, await proofHeaders(t, 'comment', m.cookie)), 400, PROOF_MSG.invalid);
    expect((await post(t, '/api/letter/send/save', letter, m.cookie, await proofHeaders(t, 'letter', m.cookie))).statusCode).toBe(200);
  });

  it('may not put links or images in comments and letters; older members may', async () => {
    const m = await newMember(t);
    const old = await member(t);
    const key = await createPost(t, old.cookie);
    for (const content of ['여기 보세요 https://spam.example/buy', 'www.cheap-lens.shop 최저가', '싸게 팝니다 cheap-lens.com', `사진 +{${key}|file0}`]) {
      const res = await post(t, '/api/comment/save', { boardId: 'free', key, content }, m.cookie, await proofHeaders(t, 'comment', m.cookie));
      await expectRefused(res, 400, SPAM_MSG.link.comment);
    }
    const letter = { receiver: old.userId, subject: '광고', content: '구경 오세요 http://shop.example' };
    await expectRefused(await post(t, '/api/letter/send/save', letter, m.cookie, await proofHeaders(t, 'letter', m.cookie)), 400, SPAM_MSG.link.letter);
    expect(await db().select().from(comments).where(eq(comments.userNo, m.no))).toHaveLength(0);
    expect((await post(t, '/api/comment/save', { boardId: 'free', key, content: '참고: https://www.nikon.com' }, old.cookie)).statusCode).toBe(200);
  });

  it('write at most the set number of posts an hour', async () => {
    const limited = await testApp();
    try {
      const limitedAdmin = await adminCookie(limited);
      expect((await post(limited, '/api/admin/spam/settings/save', { ...DEFAULTS, postsPerHour: 2 }, limitedAdmin)).statusCode).toBe(200);
      const m = await newMember(limited);
      const write = async (i: number) =>
        post(limited, '/api/board/save', { boardId: 'free', category: 'c1', subject: `새 글 ${i}`, content: `<p>내용 ${i}</p>` }, m.cookie, await proofHeaders(limited, 'post', m.cookie));
      expect((await write(1)).statusCode).toBe(200);
      expect((await write(2)).statusCode).toBe(200);
      await expectRefused(await write(3), 429, SPAM_MSG.hourly(2));
      // An older member is not limited this way.
      const old = await member(limited);
      for (let i = 0; i < 3; i++) await createPost(limited, old.cookie, { subject: `오래된 회원 ${i}` });
    } finally {
      await limited.close();
    }
  });

  it('below the level the administrator sets, a member who joined long ago is new too', async () => {
    await db().insert(levels).values({ name: '정회원', minPoints: 1000 }).onConflictDoNothing();
    const [high] = await db().select().from(levels).where(eq(levels.minPoints, 1000));
    const old = await member(t);
    expect(await challengeFor(t, 'post', old.cookie)).toBeNull();
    expect((await saveSettings({ ...DEFAULTS, newMemberDays: 0, newMemberLevelId: high!.id })).statusCode).toBe(200);
    try {
      expect(await challengeFor(t, 'post', old.cookie)).not.toBeNull();
      const fresh = await newMember(t, {});
      await db().update(users).set({ points: 5000, levelId: high!.id }).where(eq(users.no, fresh.no));
      expect(await challengeFor(t, 'post', fresh.cookie)).toBeNull();
    } finally {
      await saveSettings(DEFAULTS);
    }
  });
});

describe('repeated text', () => {
  it('the same text a third time in a day is refused; short words members repeat are not', async () => {
    const m = await member(t);
    const key = await createPost(t, m.cookie);
    const other = await createPost(t, m.cookie);
    const say = (content: string, on = key) => post(t, '/api/comment/save', { boardId: 'free', key: on, content }, m.cookie);
    const spam = '최신 렌즈 최저가 판매합니다 연락 주세요';
    expect((await say(spam)).statusCode).toBe(200);
    expect((await say(`  ${spam}!! `, other)).statusCode).toBe(200);
    await expectRefused(await say(spam.replace(/ /g, '  ')), 400, SPAM_MSG.repeat);
    for (let i = 0; i < 4; i++) expect((await say('감사합니다')).statusCode).toBe(200);
    // Letters and posts count the same way.
    const to = await member(t);
    const letter = { receiver: to.userId, subject: '공지', content: '동호회 새 카페로 오세요 많이 와 주세요' };
    expect((await post(t, '/api/letter/send/save', letter, m.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/letter/send/save', letter, m.cookie)).statusCode).toBe(200);
    await expectRefused(await post(t, '/api/letter/send/save', letter, m.cookie), 400, SPAM_MSG.repeat);
    // A day later it may be said again.
    await db().update(spamTexts).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(spamTexts.userNo, m.no));
    expect((await say(spam)).statusCode).toBe(200);
  });
});

describe('held for review', () => {
  const report = (cookie: string, key: number) => post(t, '/api/report/save', { kind: 'post', key, reason: '광고입니다' }, cookie);
  const heldList = async () => {
    const res = await post(t, '/api/admin/report/held/list', {}, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Array<{ id: number; kind: string; targetKey: number; excerpt: string; authorHeld: boolean; author: { userId: string } }>; total: number };
  };

  it('a member reported by enough different members has what they write next held until released or removed', async () => {
    expect((await saveSettings({ ...DEFAULTS, holdReports: 2 })).statusCode).toBe(200);
    try {
      const spammer = await member(t);
      const [a, b, reader] = [await member(t), await member(t), await member(t)];
      const first = await createPost(t, spammer.cookie, { subject: '첫 광고' });
      expect((await report(a.cookie, first)).statusCode).toBe(200);
      // One member's reports, however many, are one.
      const second = await createPost(t, spammer.cookie, { subject: '두 번째 광고' });
      expect((await report(a.cookie, second)).statusCode).toBe(200);
      expect(await db().select().from(heldMembers).where(eq(heldMembers.userNo, spammer.no))).toHaveLength(0);
      expect((await report(b.cookie, first)).statusCode).toBe(200);
      expect(await db().select().from(heldMembers).where(eq(heldMembers.userNo, spammer.no))).toHaveLength(1);

      // Held: hidden from others at once, in the administrator's queue.
      const heldPost = await createPost(t, spammer.cookie, { subject: '보류될 글', content: '<p>싸게 팝니다</p>' });
      const heldComment = (await post(t, '/api/comment/save', { boardId: 'free', key: first, content: '보류될 댓글입니다' }, spammer.cookie)).json().commentKey as number;
      const letter = await post(t, '/api/letter/send/save', { receiver: reader.userId, subject: '보류될 쪽지', content: '구경 오세요' }, spammer.cookie);
      expect(letter.statusCode).toBe(200);
      const [p] = await db().select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.key, heldPost));
      expect(p!.hiddenAt).not.toBeNull();
      const seen = (await post(t, '/api/comment/list', { boardId: 'free', key: first }, reader.cookie)).json() as { items: Array<{ commentKey: number; contentHtml: string; hidden: boolean }> };
      const shown = seen.items.find((c) => c.commentKey === heldComment)!;
      expect(shown.hidden).toBe(true);
      expect(shown.contentHtml).not.toContain('보류될 댓글');
      const [l] = await db().select({ hiddenAt: letters.hiddenAt }).from(letters).where(eq(letters.letterKey, letter.json().letterKey));
      expect(l!.hiddenAt).not.toBeNull();

      const queue = await heldList();
      const mine = queue.items.filter((i) => i.author.userId === spammer.userId);
      expect(mine.map((i) => i.kind).sort()).toEqual(['comment', 'letter', 'post']);
      expect(mine.every((i) => i.authorHeld)).toBe(true);
      expect(mine.find((i) => i.kind === 'comment')!.excerpt).toBe('보류될 댓글입니다');

      // Release: everyone sees it again; audited.
      const postItem = mine.find((i) => i.kind === 'post')!;
      const released = await post(t, '/api/admin/report/held/release', { id: postItem.id }, admin);
      expect(released.json()).toEqual({ message: HELD_MSG.released });
      const [again] = await db().select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.key, heldPost));
      expect(again!.hiddenAt).toBeNull();
      const view = await post(t, '/api/board/view', { boardId: 'free', key: heldPost }, reader.cookie);
      expect(view.statusCode).toBe(200);
      expect(view.body).toContain('싸게 팝니다');
      const [audit] = await db().select().from(adminAudit).where(and(eq(adminAudit.action, 'held.release'), eq(adminAudit.targetKey, String(heldPost)))).orderBy(desc(adminAudit.id));
      expect(audit?.after).toMatchObject({ held: false, memberHoldEnded: false });
      // Released twice: already done.
      await expectRefused(await post(t, '/api/admin/report/held/release', { id: postItem.id }, admin), 404, HELD_MSG.none);

      // Remove: the comment is deleted, the post's count follows; audited.
      const commentItem = mine.find((i) => i.kind === 'comment')!;
      const removed = await post(t, '/api/admin/report/held/remove', { id: commentItem.id }, admin);
      expect(removed.json()).toEqual({ message: HELD_MSG.removed });
      const [c] = await db().select({ deletedAt: comments.deletedAt }).from(comments).where(eq(comments.key, heldComment));
      expect(c!.deletedAt).not.toBeNull();
      expect(await db().select().from(adminAudit).where(and(eq(adminAudit.action, 'held.remove'), eq(adminAudit.targetKey, String(heldComment))))).toHaveLength(1);

      // Release with the member: the hold ends, what they write next is shown.
      const letterItem = mine.find((i) => i.kind === 'letter')!;
      expect((await post(t, '/api/admin/report/held/release', { id: letterItem.id, member: true }, admin)).json()).toEqual({ message: HELD_MSG.releasedMember });
      expect(await db().select().from(heldMembers).where(eq(heldMembers.userNo, spammer.no))).toHaveLength(0);
      const after = await createPost(t, spammer.cookie, { subject: '보류가 풀린 뒤' });
      const [free] = await db().select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.key, after));
      expect(free!.hiddenAt).toBeNull();
      expect(await db().select().from(heldItems).where(eq(heldItems.userNo, spammer.no))).toHaveLength(0);
    } finally {
      await saveSettings(DEFAULTS);
    }
  });

  it('a removed held post is deleted for everyone', async () => {
    const spammer = await member(t);
    await db().insert(heldMembers).values({ userNo: spammer.no, reporters: 3 });
    const key = await createPost(t, spammer.cookie, { subject: '지워질 광고' });
    const item = (await heldList()).items.find((i) => i.kind === 'post' && i.targetKey === key)!;
    expect((await post(t, '/api/admin/report/held/remove', { id: item.id }, admin)).statusCode).toBe(200);
    const [p] = await db().select({ deletedAt: posts.deletedAt }).from(posts).where(eq(posts.key, key));
    expect(p!.deletedAt).not.toBeNull();
  });
});

describe('who may call the admin side', () => {
  it('visitors get 401 and members 403, before their input is read', async () => {
    const m = await member(t);
    for (const url of ['/api/admin/report/held/list', '/api/admin/report/held/release', '/api/admin/report/held/remove', '/api/admin/spam/settings', '/api/admin/spam/settings/save']) {
      expect((await post(t, url, { id: 'x' })).statusCode, url).toBe(401);
      expect((await post(t, url, { id: 'x' }, m.cookie)).statusCode, url).toBe(403);
    }
  });

  it('bad input is refused in Korean', async () => {
    const res = await post(t, '/api/admin/report/held/release', { id: 0 }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('보류된 내용을 찾을 수 없습니다.');
    const bad = await saveSettings({ ...DEFAULTS, postsPerHour: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('시간당 글 수는 1 이상으로 입력해 주세요.');
    await expectRefused(await saveSettings({ ...DEFAULTS, newMemberLevelId: 999999 }), 400, '새 회원으로 볼 등급을 다시 골라 주세요.');
    await expectRefused(await post(t, '/api/admin/report/held/remove', { id: 999999 }, admin), 404, HELD_MSG.none);
  });

  it('the settings are read back and every save is audited', async () => {
    const res = await post(t, '/api/admin/spam/settings', {}, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual(DEFAULTS);
    expect(res.json().levels.length).toBeGreaterThan(0);
    expect((await saveSettings({ ...DEFAULTS, newMemberDays: 7 })).json().settings.newMemberDays).toBe(7);
    const [row] = await db().select().from(adminAudit).where(eq(adminAudit.action, 'spam.settings')).orderBy(desc(adminAudit.id)).limit(1);
    expect(row?.after).toMatchObject({ newMemberDays: 7 });
    await saveSettings(DEFAULTS);
  });
});
