// Letters: every call's happy path and refusals; only the two parties ever see a letter.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmList } from '../../../common/api/alarms.js';
import { BlockList, LetterPage, LetterView, SuggestList, UnreadList } from '../../../common/api/letters.js';
import { users } from '../../db/schema/index.js';
import { createPost, member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { sanitiseLetterText } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

type M = Awaited<ReturnType<typeof member>>;
const NOT_FOUND = '쪽지를 찾을 수 없습니다.';

async function send(from: M, to: string, over: Record<string, unknown> = {}) {
  const res = await post(t, '/api/letter/send/save', { receiver: to, subject: '안녕하세요', content: '출사 같이 가요\n토요일 어때요?', ...over }, from.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().letterKey as number;
}
const arrival = async (m: M) => (await post(t, '/api/letter/arrival', {}, m.cookie)).json() as number;

describe('sending and reading', () => {
  it('A writes to B by userId: B sees the count, the drawer list, the inbox; A sees the sent box', async () => {
    const a = await member(t);
    const b = await member(t);
    expect(await arrival(b)).toBe(0);
    const key = await send(a, b.userId, { content: '출사 같이 가요\n<b>토요일</b> 어때요? https://example.com' });
    expect(await arrival(b)).toBe(1);

    const unread = UnreadList.parse((await post(t, '/api/letter/unread', {}, b.cookie)).json());
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({ letterKey: key, subject: '안녕하세요', sendName: a.nickName, sender: { userId: a.userId, nickName: a.nickName } });
    expect(unread[0]!.sender.levelKey).toBeTypeOf('number');
    // Plain text: escaped, newlines as line breaks, links clickable.
    expect(unread[0]!.content).toContain('출사 같이 가요<br>&lt;b&gt;토요일&lt;/b&gt; 어때요?');
    expect(unread[0]!.content).toContain('<a href="https://example.com"');
    expect(new Date(unread[0]!.sendDate).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const inbox = LetterPage.parse((await post(t, '/api/letter/receive/list', { page: 1 }, b.cookie)).json());
    expect(inbox).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    expect(inbox.items[0]).toMatchObject({ letterKey: key, readAt: null, sender: { userId: a.userId }, receiver: { userId: b.userId } });
    const sent = LetterPage.parse((await post(t, '/api/letter/send/list', { page: 1 }, a.cookie)).json());
    expect(sent.items.map((x) => x.letterKey)).toEqual([key]);
    expect(sent.items[0]!.readAt).toBeNull();
    // Nobody else's boxes show it.
    expect(LetterPage.parse((await post(t, '/api/letter/send/list', {}, b.cookie)).json()).total).toBe(0);
    expect(LetterPage.parse((await post(t, '/api/letter/receive/list', {}, a.cookie)).json()).total).toBe(0);

    // Opening reads it; the sent box then shows when.
    const view = LetterView.parse((await post(t, '/api/letter/receive/view', { letterKey: key }, b.cookie)).json());
    expect(view).toMatchObject({ letterKey: key, senderBlocked: false, canReply: true, canReport: true });
    expect(view.readAt).not.toBeNull();
    expect(await arrival(b)).toBe(0);
    const sentView = LetterView.parse((await post(t, '/api/letter/send/view', { letterKey: key }, a.cookie)).json());
    expect(sentView.readAt).toBe(view.readAt);
    expect(sentView.canReply).toBe(false);
    // Only the receiver reports a letter.
    expect(sentView.canReport).toBe(false);
    const again = LetterView.parse((await post(t, '/api/letter/receive/view', { letterKey: key }, b.cookie)).json());
    expect(again.readAt).toBe(view.readAt);
  });

  it('sends by nickname; receive/read marks one read and it leaves the unread list', async () => {
    const a = await member(t);
    const b = await member(t);
    const k1 = await send(a, b.nickName);
    const k2 = await send(a, b.nickName, { subject: '두 번째' });
    expect(await arrival(b)).toBe(2);
    const res = await post(t, `/api/letter/receive/read/${k1}`, undefined, b.cookie);
    expect(res.json()).toEqual({ ok: true });
    const unread = UnreadList.parse((await post(t, '/api/letter/unread', {}, b.cookie)).json());
    expect(unread.map((x) => x.letterKey)).toEqual([k2]);
  });

  it('pages by 20, newest first', async () => {
    const a = await member(t);
    const b = await member(t);
    const keys: number[] = [];
    for (let i = 0; i < 23; i++) keys.push(await send(a, b.userId, { subject: `쪽지 ${i}` }));
    const p1 = LetterPage.parse((await post(t, '/api/letter/receive/list', { page: 1 }, b.cookie)).json());
    const p2 = LetterPage.parse((await post(t, '/api/letter/receive/list', { page: 2 }, b.cookie)).json());
    expect(p1.items).toHaveLength(20);
    expect(p1.items[0]!.letterKey).toBe(keys[22]);
    expect(p2.items.map((x) => x.letterKey)).toEqual([keys[2], keys[1], keys[0]]);
    expect(p2.total).toBe(23);
  });

  it('quick reply: a new letter to the original sender, RE: subject, <br> as newlines', async () => {
    const a = await member(t);
    const b = await member(t);
    const key = await send(a, b.userId, { subject: '장터 문의' });
    const res = await post(t, '/api/letter/send/quick', { letterKey: key, content: '좋아요<br>토요일에 봬요' }, b.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const replyKey = res.json().letterKey as number;
    const unread = UnreadList.parse((await post(t, '/api/letter/unread', {}, a.cookie)).json());
    expect(unread[0]).toMatchObject({ letterKey: replyKey, subject: 'RE: 장터 문의', sendName: b.nickName });
    expect(unread[0]!.content).toBe('좋아요<br>토요일에 봬요');
    // The answered letter is read: it left B's drawer.
    expect(await arrival(b)).toBe(0);
    // Replying to a reply does not pile up RE: RE:.
    const back = await post(t, '/api/letter/send/quick', { letterKey: replyKey, content: '네' }, a.cookie);
    const last = LetterView.parse((await post(t, '/api/letter/receive/view', { letterKey: back.json().letterKey }, b.cookie)).json());
    expect(last.subject).toBe('RE: 장터 문의');
  });

  it('keeps subjects and content to their limits with Korean messages', async () => {
    const a = await member(t);
    const b = await member(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ subject: '' }, '제목은 필수 입력 항목입니다.'],
      [{ subject: '가'.repeat(101) }, '제목은 최대 100자까지 입력할 수 있습니다.'],
      [{ content: '   ' }, '내용은 필수 입력 항목입니다.'],
      [{ content: '가'.repeat(5001) }, '내용은 최대 5,000자까지 입력할 수 있습니다.'],
      [{ receiver: '' }, '받는 사람은 필수 입력 항목입니다.'],
    ];
    for (const [over, message] of cases) {
      const res = await post(t, '/api/letter/send/save', { receiver: b.userId, subject: '제목', content: '내용', ...over }, a.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // Exactly at the limits is fine.
    await send(a, b.userId, { subject: '가'.repeat(100), content: '나'.repeat(5000) });
    const key = await send(a, b.userId);
    for (const content of ['', '\n \n', '가'.repeat(5001)]) {
      const res = await post(t, '/api/letter/send/quick', { letterKey: key, content }, b.cookie);
      expect(res.statusCode).toBe(400);
    }
    // Nothing but control characters is empty too.
    const res = await post(t, '/api/letter/send/save', { receiver: b.userId, subject: '제목', content: '\u0007\u0008' }, a.cookie);
    expect(res.json().message).toBe('내용은 필수 입력 항목입니다.');
    expect(await arrival(b)).toBe(2);
  });

  it('refuses unknown, withdrawn and own receivers', async () => {
    const a = await member(t);
    const gone = await member(t);
    let res = await post(t, '/api/letter/send/save', { receiver: 'nobody_here_9', subject: '제목', content: '내용' }, a.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('받는 회원을 찾을 수 없습니다. 아이디나 닉네임을 확인해 주세요.');
    await t.database.db.update(users).set({ status: 'withdrawn', nickName: null }).where(eq(users.no, gone.no));
    res = await post(t, '/api/letter/send/save', { receiver: gone.userId, subject: '제목', content: '내용' }, a.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('탈퇴한 회원에게는 쪽지를 보낼 수 없습니다.');
    res = await post(t, '/api/letter/send/save', { receiver: a.userId, subject: '제목', content: '내용' }, a.cookie);
    expect(res.json().message).toBe('자신에게는 쪽지를 보낼 수 없습니다.');
  });

  it('a withdrawn sender shows by the nickname of sending time, without space or star, and cannot be replied to', async () => {
    const a = await member(t);
    const b = await member(t);
    const key = await send(a, b.userId);
    await t.database.db.update(users).set({ status: 'withdrawn', nickName: null }).where(eq(users.no, a.no));
    const view = LetterView.parse((await post(t, '/api/letter/receive/view', { letterKey: key }, b.cookie)).json());
    expect(view.sender).toEqual({ userId: '', nickName: a.nickName, levelKey: null });
    expect(view.canReply).toBe(false);
    // A withdrawn sender's letter may still be reported.
    expect(view.canReport).toBe(true);
    const res = await post(t, '/api/letter/send/quick', { letterKey: key, content: '답장' }, b.cookie);
    expect(res.json().message).toBe('탈퇴한 회원에게는 쪽지를 보낼 수 없습니다.');
  });
});

describe('privacy', () => {
  it('a third member can neither read, mark, reply to nor delete a letter: the same 404 as a missing one', async () => {
    const a = await member(t);
    const b = await member(t);
    const c = await member(t);
    const key = await send(a, b.userId);
    const attempts: Array<[string, unknown]> = [
      ['/api/letter/receive/view', { letterKey: key }],
      ['/api/letter/send/view', { letterKey: key }],
      [`/api/letter/receive/read/${key}`, {}],
      [`/api/letter/receive/delete/${key}`, {}],
      [`/api/letter/send/delete/${key}`, {}],
      ['/api/letter/send/quick', { letterKey: key, content: '끼어들기' }],
    ];
    for (const [url, body] of attempts) {
      const res = await post(t, url, body, c.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(NOT_FOUND);
    }
    // The wrong side of one's own letter is not found either: the sender cannot open the
    // receiver's copy, mark it read or reply to their own letter; the receiver cannot delete
    // the sender's copy.
    expect((await post(t, '/api/letter/receive/view', { letterKey: key }, a.cookie)).statusCode).toBe(404);
    expect((await post(t, `/api/letter/receive/read/${key}`, {}, a.cookie)).statusCode).toBe(404);
    expect((await post(t, '/api/letter/send/quick', { letterKey: key, content: '내 쪽지에 답장' }, a.cookie)).statusCode).toBe(404);
    expect((await post(t, `/api/letter/send/delete/${key}`, {}, b.cookie)).statusCode).toBe(404);
    expect((await post(t, '/api/letter/send/view', { letterKey: key }, b.cookie)).statusCode).toBe(404);
    // A missing letter and a bad key.
    expect((await post(t, '/api/letter/receive/view', { letterKey: 99_999_999 }, b.cookie)).json().message).toBe(NOT_FOUND);
    expect((await post(t, '/api/letter/receive/delete/abc', {}, b.cookie)).statusCode).toBe(400);
    // Still unread and in both boxes.
    expect(await arrival(b)).toBe(1);
    expect(await arrival(c)).toBe(0);
    expect(LetterPage.parse((await post(t, '/api/letter/send/list', {}, a.cookie)).json()).total).toBe(1);
  });

  it('each side deletes its own copy; the other keeps theirs', async () => {
    const a = await member(t);
    const b = await member(t);
    const key = await send(a, b.userId);
    expect((await post(t, `/api/letter/receive/delete/${key}`, {}, b.cookie)).json()).toEqual({ ok: true });
    expect(LetterPage.parse((await post(t, '/api/letter/receive/list', {}, b.cookie)).json()).total).toBe(0);
    expect(await arrival(b)).toBe(0);
    expect((await post(t, '/api/letter/receive/view', { letterKey: key }, b.cookie)).statusCode).toBe(404);
    // Deleting twice: not found.
    expect((await post(t, `/api/letter/receive/delete/${key}`, {}, b.cookie)).statusCode).toBe(404);
    const sent = LetterPage.parse((await post(t, '/api/letter/send/list', {}, a.cookie)).json());
    expect(sent.items.map((x) => x.letterKey)).toEqual([key]);
    expect((await post(t, '/api/letter/send/view', { letterKey: key }, a.cookie)).statusCode).toBe(200);
    expect((await post(t, `/api/letter/send/delete/${key}`, {}, a.cookie)).json()).toEqual({ ok: true });
    expect(LetterPage.parse((await post(t, '/api/letter/send/list', {}, a.cookie)).json()).total).toBe(0);
  });

  it('every call needs a login', async () => {
    const calls = [
      '/api/letter/unread',
      '/api/letter/arrival',
      '/api/letter/receive/read/1',
      '/api/letter/receive/delete/1',
      '/api/letter/send/delete/1',
      '/api/letter/receive/list',
      '/api/letter/send/list',
      '/api/letter/alarm/clear',
      '/api/letter/block/list',
    ];
    for (const url of calls) {
      const res = await post(t, url, {});
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('로그인이 필요합니다.');
    }
    const withBody: Array<[string, unknown]> = [
      ['/api/letter/receive/view', { letterKey: 1 }],
      ['/api/letter/send/view', { letterKey: 1 }],
      ['/api/letter/send/quick', { letterKey: 1, content: '답장' }],
      ['/api/letter/send/save', { receiver: 'admin', subject: '제목', content: '내용' }],
      ['/api/letter/alarm/read', { articleKey: 1 }],
      ['/api/letter/block', { userId: 'admin' }],
      ['/api/letter/unblock', { userId: 'admin' }],
      ['/api/letter/member/suggest', { q: 'ad' }],
    ];
    for (const [url, body] of withBody) expect((await post(t, url, body)).statusCode, url).toBe(401);
  });
});

describe('blocking', () => {
  it('a blocked sender is not told: their letters and quick replies go to their sent box only, until unblocked', async () => {
    const a = await member(t);
    const b = await member(t);
    const key = await send(b, a.userId); // B wrote to A before
    expect((await post(t, '/api/letter/block', { userId: a.userId }, b.cookie)).json()).toEqual({ ok: true });
    // Blocking twice changes nothing.
    expect((await post(t, '/api/letter/block', { userId: a.userId }, b.cookie)).statusCode).toBe(200);
    const blocked = BlockList.parse((await post(t, '/api/letter/block/list', {}, b.cookie)).json());
    expect(blocked).toHaveLength(1);
    expect(blocked[0]).toMatchObject({ userId: a.userId, nickName: a.nickName });
    // Blocking is ignoring (decision 46): the same one list.
    expect((await post(t, '/api/user/ignored', {}, b.cookie)).json().items).toEqual([expect.objectContaining({ userId: a.userId })]);

    // Silent: A's letter and quick reply are taken as usual and sit in A's sent box, unread.
    const silenced = await send(a, b.userId);
    const res = await post(t, '/api/letter/send/quick', { letterKey: key, content: '답장' }, a.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const sent = LetterPage.parse((await post(t, '/api/letter/send/list', {}, a.cookie)).json());
    expect(sent.items.map((l) => l.letterKey)).toEqual(expect.arrayContaining([silenced, res.json().letterKey]));
    expect(sent.items.every((l) => l.readAt === null)).toBe(true);
    // B never gets them.
    expect(await arrival(b)).toBe(0);
    expect(LetterPage.parse((await post(t, '/api/letter/receive/list', {}, b.cookie)).json()).items).toEqual([]);
    expect((await post(t, '/api/letter/receive/view', { letterKey: silenced }, b.cookie)).statusCode).toBe(404);
    // Blocking is one way: B still writes to A.
    expect(await send(b, a.userId)).toBeGreaterThan(key);

    expect((await post(t, '/api/letter/unblock', { userId: a.userId }, b.cookie)).json()).toEqual({ ok: true });
    expect(BlockList.parse((await post(t, '/api/letter/block/list', {}, b.cookie)).json())).toEqual([]);
    await send(a, b.userId);
    expect(await arrival(b)).toBe(1);
  });

  it('the open letter tells whether its sender is blocked; unknown and own ids are refused', async () => {
    const a = await member(t);
    const b = await member(t);
    const key = await send(a, b.userId);
    await post(t, '/api/letter/block', { userId: a.userId }, b.cookie);
    const view = LetterView.parse((await post(t, '/api/letter/receive/view', { letterKey: key }, b.cookie)).json());
    expect(view.senderBlocked).toBe(true);
    let res = await post(t, '/api/letter/block', { userId: 'nobody_here_9' }, b.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('회원을 찾을 수 없습니다.');
    res = await post(t, '/api/letter/block', { userId: b.userId }, b.cookie);
    expect(res.json().message).toBe('자신은 차단할 수 없습니다.');
  });
});

describe('member picker', () => {
  it('suggests up to 10 active members by userId or nickname prefix, never the caller', async () => {
    const me = await member(t);
    const tag = `픽${Date.now().toString(36).slice(-4)}`;
    const found = [];
    for (let i = 0; i < 12; i++) found.push(await member(t, { nickName: `${tag}회원${i}` }));
    const gone = await member(t, { nickName: `${tag}탈퇴` });
    await t.database.db.update(users).set({ status: 'withdrawn', nickName: null }).where(eq(users.no, gone.no));
    const list = SuggestList.parse((await post(t, '/api/letter/member/suggest', { q: tag }, me.cookie)).json());
    expect(list).toHaveLength(10);
    expect(list.every((m) => m.nickName.startsWith(tag))).toBe(true);
    const byId = SuggestList.parse((await post(t, '/api/letter/member/suggest', { q: found[3]!.userId.toUpperCase() }, me.cookie)).json());
    expect(byId.map((m) => m.userId)).toEqual([found[3]!.userId]);
    expect(byId[0]!.levelKey).toBeTypeOf('number');
    expect((await post(t, '/api/letter/member/suggest', { q: me.userId }, me.cookie)).json()).toEqual([]);
    expect((await post(t, '/api/letter/member/suggest', { q: '' }, me.cookie)).json()).toEqual([]);
    // LIKE wildcards are taken literally.
    expect((await post(t, '/api/letter/member/suggest', { q: '%' }, me.cookie)).json()).toEqual([]);
    expect((await post(t, '/api/letter/member/suggest', { q: '_' }, me.cookie)).json()).toEqual([]);
  });
});

describe('alarms: read and clear', () => {
  it('reads one article\'s alarms, one alarm, or all of them', async () => {
    const a = await member(t);
    const b = await member(t);
    const k1 = await createPost(t, a.cookie);
    const k2 = await createPost(t, a.cookie);
    for (const key of [k1, k1, k2]) await post(t, '/api/comment/save', { boardId: 'free', key, content: '댓글' }, b.cookie);
    const count = async () => (await post(t, '/api/letter/alarm', {}, a.cookie)).json() as number;
    expect(await count()).toBe(3);
    // Someone else's read changes nothing of A's.
    expect((await post(t, '/api/letter/alarm/read', { articleKey: k1 }, b.cookie)).json()).toEqual({ unread: 0 });
    expect(await count()).toBe(3);
    expect((await post(t, '/api/letter/alarm/read', { boardId: 'free', articleKey: k1 }, a.cookie)).json()).toEqual({ unread: 1 });
    const [left] = AlarmList.parse((await post(t, '/api/letter/alarm/list', {}, a.cookie)).json());
    expect(left!.articleKey).toBe(k2);
    expect((await post(t, '/api/letter/alarm/read', {}, a.cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/letter/alarm/read', { alarmKey: left!.alarmKey }, a.cookie)).json()).toEqual({ unread: 0 });
    await post(t, '/api/comment/save', { boardId: 'free', key: k2, content: '또 댓글' }, b.cookie);
    await post(t, '/api/comment/save', { boardId: 'free', key: k1, content: '또또 댓글' }, b.cookie);
    expect(await count()).toBe(2);
    expect((await post(t, '/api/letter/alarm/clear', {}, a.cookie)).json()).toEqual({ unread: 0 });
    expect(await count()).toBe(0);
  });
});

describe('sanitiseLetterText', () => {
  it('keeps text, normalises line ends and drops control characters', () => {
    expect(sanitiseLetterText('  안녕\r\n하세요<br/>반가워요\u0000\u0007  ')).toBe('안녕\n하세요\n반가워요');
    expect(sanitiseLetterText('<script>x</script>')).toBe('<script>x</script>');
    expect(sanitiseLetterText('\u1112\u1161\u11ab')).toBe('한');
  });
});

describe('rate limit', () => {
  it('allows 20 letters a minute per member, then answers 429 in Korean', async () => {
    const limited = await testApp();
    try {
      const a = await member(limited);
      const b = await member(limited);
      for (let i = 0; i < 20; i++) {
        const res = await post(limited, '/api/letter/send/save', { receiver: b.userId, subject: `${i}`, content: '내용' }, a.cookie);
        expect(res.statusCode).toBe(200);
      }
      const res = await post(limited, '/api/letter/send/save', { receiver: b.userId, subject: '21', content: '내용' }, a.cookie);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe('요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.');
      // Another member is not held back.
      const c = await member(limited);
      expect((await post(limited, '/api/letter/send/save', { receiver: b.userId, subject: '제목', content: '내용' }, c.cookie)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
