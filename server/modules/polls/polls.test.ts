// Polls: saved with a post, read with its view as each reader may see it, voted on by members
// (one vote each, counted right when many vote at once), voters of named polls.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostPage, type PostView } from '../../../common/api/boards.js';
import { PollAnswer, type PollInput, type PollView, PollVoters } from '../../../common/api/polls.js';
import { rowsOf } from '../../db/client.js';
import { pollVotes, posts } from '../../db/schema/index.js';
import { adminCookie, createPost, member, setBoard, viewFreePost } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type Member = Awaited<ReturnType<typeof member>>;
let author: Member;
let voter: Member;
let other: Member;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  [author, voter, other] = await Promise.all([member(t), member(t), member(t)]);
});
afterAll(() => t.close());

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const poll = (over: Partial<PollInput> = {}): PollInput => ({ question: '다음 출사지는?', options: ['북한산', '남산', '한강'], endsAt: inDays(3), ...over });
const withPoll = (over: Partial<PollInput> = {}) => createPost(t, author.cookie, { subject: '투표 글', poll: poll(over) });

const pollOf = async (key: number, cookie?: string): Promise<PollView | null | undefined> => {
  const res = await viewFreePost(t, key, cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as PostView).poll;
};
const voteRes = (key: number, options: unknown, cookie?: string) => post(t, '/api/poll/vote', { postKey: key, options }, cookie);
const vote = async (key: number, options: number[], cookie: string) => {
  const res = await voteRes(key, options, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return PollAnswer.parse(res.json()).poll;
};
const saveRes = (over: Record<string, unknown>, cookie = author.cookie) =>
  post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '투표 글', content: '<p>내용</p>', ...over }, cookie);
/** Ends the poll a minute ago, as the clock would. */
const endNow = (key: number) => t.database.db.execute(sql`update polls set ends_at = now() - interval '1 minute' where post_key = ${key}`);

describe('saving a post with a poll', () => {
  it('stores it, flags the list row, and shows it without counts to those who have not voted', async () => {
    const key = await withPoll();
    const mine = await pollOf(key, author.cookie);
    expect(mine).toMatchObject({
      question: '다음 출사지는?',
      options: [
        { text: '북한산', votes: null },
        { text: '남산', votes: null },
        { text: '한강', votes: null },
      ],
      multiple: false,
      maxChoices: 1,
      ended: false,
      results: 'voted',
      anonymous: true,
      changeable: false,
      voters: null,
      myChoices: null,
      locked: false,
      canVote: true,
      canEnd: true,
      canSeeVoters: false,
    });
    expect((await pollOf(key, other.cookie))?.canEnd).toBe(false);
    // A visitor sees the question but cannot vote.
    expect(await pollOf(key)).toMatchObject({ question: '다음 출사지는?', canVote: false, canEnd: false, voters: null });

    const plain = await createPost(t, author.cookie, { subject: '투표 없는 글' });
    expect(await pollOf(plain, author.cookie)).toBeUndefined();
    const list = PostPage.parse((await post(t, '/api/board/list', { boardId: 'free' }, other.cookie)).json());
    expect(list.items.find((i) => i.key === key)?.hasPoll).toBe(true);
    // Rows without a poll stay as they were (no field at all).
    expect('hasPoll' in (list.items.find((i) => i.key === plain) ?? {})).toBe(false);
  });

  it('refuses a poll with one option, 21 options, a repeated option, a past or far end, too many choices', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ options: ['하나'] }, '선택지는 2개 이상 입력해 주세요.'],
      [{ options: Array.from({ length: 21 }, (_, i) => `선택 ${i + 1}`) }, '선택지는 20개까지 만들 수 있습니다.'],
      [{ options: ['같음', '같음'] }, '같은 선택지가 두 번 있습니다.'],
      [{ options: ['가', '  '] }, '선택지는 필수 입력 항목입니다.'],
      [{ question: '' }, '투표 질문은 필수 입력 항목입니다.'],
      [{ endsAt: '내일' }, '투표 마감 시각을 골라 주세요.'],
      [{ endsAt: inDays(-1) }, '투표 마감 시각은 지금부터 10분 뒤 이후로 골라 주세요.'],
      [{ endsAt: inDays(400) }, '투표 마감 시각은 1년 안으로 골라 주세요.'],
      [{ multiple: true, maxChoices: 4 }, '최대 선택 수는 선택지 수보다 클 수 없습니다.'],
      [{ multiple: true, maxChoices: 1 }, '최대 선택 수는 2개 이상이어야 합니다.'],
      [{ results: 'never' }, '결과 공개 시점을 골라 주세요.'],
      [{ extra: 1 }, ''],
    ];
    for (const [over, message] of cases) {
      const res = await saveRes({ poll: { ...poll(), ...over } });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    // Nothing was written.
    const orphans = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from posts where subject = '투표 글' and key not in (select post_key from polls)`));
    expect(orphans[0]?.n).toBe(0);
  });

  it('lets the author change a poll nobody voted on, freezes its options once someone has, and takes it away', async () => {
    const key = await withPoll();
    expect((await saveRes({ key, poll: poll({ options: ['북한산', '남산', '한강', '서울숲'] }) })).statusCode).toBe(200);
    expect((await pollOf(key, author.cookie))?.options.map((o) => o.text)).toEqual(['북한산', '남산', '한강', '서울숲']);
    await vote(key, [3], voter.cookie);
    expect((await pollOf(key, author.cookie))?.locked).toBe(true);
    const endsAt = inDays(5);
    for (const change of [{ options: ['북한산', '남산'] }, { multiple: true }, { anonymous: false }]) {
      const res = await saveRes({ key, poll: poll({ options: ['북한산', '남산', '한강', '서울숲'], endsAt, ...change }) });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('이미 투표한 회원이 있어 선택지와 선택 방식, 무기명 여부는 바꿀 수 없습니다.');
    }
    // The question and the end may change; the vote stays.
    expect((await saveRes({ key, poll: poll({ question: '출사지 투표', options: ['북한산', '남산', '한강', '서울숲'], endsAt }) })).statusCode).toBe(200);
    expect(await pollOf(key, voter.cookie)).toMatchObject({ question: '출사지 투표', myChoices: [3], endsAt: new Date(endsAt).toISOString() });
    // Another member cannot edit the post, so not its poll either.
    expect((await saveRes({ key, poll: poll() }, other.cookie)).statusCode).toBe(403);
    // Editing the text without sending a poll keeps it; null removes it.
    expect((await saveRes({ key, content: '<p>고친 내용</p>' })).statusCode).toBe(200);
    expect((await pollOf(key, voter.cookie))?.question).toBe('출사지 투표');
    expect((await saveRes({ key, poll: null })).statusCode).toBe(200);
    expect(await pollOf(key, voter.cookie)).toBeUndefined();
    const [row] = await t.database.db.select({ hasPoll: posts.hasPoll }).from(posts).where(eq(posts.key, key));
    expect(row?.hasPoll).toBe(false);
  });

  it('goes with its post when the post is deleted', async () => {
    const key = await withPoll();
    await vote(key, [0], voter.cookie);
    expect((await post(t, '/api/board/delete', { boardId: 'free', key }, author.cookie)).statusCode).toBe(200);
    expect(await t.database.db.select().from(pollVotes).where(eq(pollVotes.postKey, key))).toEqual([]);
    expect((await voteRes(key, [0], other.cookie)).statusCode).toBe(404);
  });
});

describe('voting', () => {
  it('counts a member’s vote, shows them the counts, and refuses a second one', async () => {
    const key = await withPoll();
    const after = await vote(key, [1], voter.cookie);
    expect(after).toMatchObject({ myChoices: [1], voters: 1, canVote: false, options: [{ votes: 0 }, { votes: 1 }, { votes: 0 }] });
    // Someone who has not voted still sees no counts; a visitor neither.
    expect((await pollOf(key, other.cookie))?.options.map((o) => o.votes)).toEqual([null, null, null]);
    expect((await pollOf(key))?.voters).toBeNull();
    const again = await voteRes(key, [2], voter.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('이미 투표했습니다. 이 투표는 투표를 바꿀 수 없습니다.');
    expect((await pollOf(key, voter.cookie))?.myChoices).toEqual([1]);
  });

  it('refuses bad choices: out of range, two on a single poll, too many, none, repeated, not numbers', async () => {
    const key = await withPoll();
    const multi = await withPoll({ options: ['a', 'b', 'c', 'd'], multiple: true, maxChoices: 2 });
    const cases: [number, unknown, string][] = [
      [key, [3], '선택지를 골라 주세요.'],
      [key, [20], '선택지를 골라 주세요.'],
      [key, [-1], '선택지를 골라 주세요.'],
      [key, [0, 1], '하나만 고를 수 있는 투표입니다.'],
      [key, [], '선택지를 골라 주세요.'],
      [key, [1, 1], '같은 선택지를 두 번 고를 수 없습니다.'],
      [key, ['1'], '선택지를 골라 주세요.'],
      [multi, [0, 1, 2], '최대 2개까지 고를 수 있습니다.'],
    ];
    for (const [k, options, message] of cases) {
      const res = await voteRes(k, options, voter.cookie);
      expect(res.statusCode, JSON.stringify(options)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await post(t, '/api/poll/vote', { postKey: key }, voter.cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/poll/vote', { postKey: key, options: [0], more: 1 }, voter.cookie)).statusCode).toBe(400);
    expect(await vote(multi, [3, 0], voter.cookie)).toMatchObject({ myChoices: [0, 3], options: [{ votes: 1 }, { votes: 0 }, { votes: 0 }, { votes: 1 }] });
    // A post without a poll.
    const plain = await createPost(t, author.cookie);
    expect((await voteRes(plain, [0], voter.cookie)).json().message).toBe('이 글에는 투표가 없습니다.');
  });

  it('is for members who may read the post, while it is in reach and open', async () => {
    const key = await withPoll();
    expect((await voteRes(key, [0])).statusCode).toBe(401);
    // Hidden by an administrator: out of reach.
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, key));
    const hidden = await voteRes(key, [0], voter.cookie);
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().message).toBe('관리자가 가린 글의 투표에는 참여할 수 없습니다.');
    await t.database.db.update(posts).set({ hiddenAt: null }).where(eq(posts.key, key));
    // A board the member may not read.
    await setBoard(t, 'free', { readLevel: 99 });
    try {
      expect((await voteRes(key, [0], voter.cookie)).statusCode).toBe(403);
    } finally {
      await setBoard(t, 'free', { readLevel: 0 });
    }
    await endNow(key);
    const late = await voteRes(key, [0], voter.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('마감된 투표입니다.');
  });

  it('lets a member change their vote until the end where the author allows it', async () => {
    const key = await withPoll({ changeable: true, multiple: true });
    await vote(key, [0, 1], voter.cookie);
    const changed = await vote(key, [2], voter.cookie);
    expect(changed).toMatchObject({ myChoices: [2], voters: 1, canVote: true, options: [{ votes: 0 }, { votes: 0 }, { votes: 1 }] });
    await endNow(key);
    expect((await voteRes(key, [0], voter.cookie)).statusCode).toBe(409);
    expect((await pollOf(key, voter.cookie))?.canVote).toBe(false);
  });

  it('counts votes sent at once right: one row per member, counts derived from the rows', async () => {
    const key = await withPoll({ changeable: true });
    const many = await Promise.all(Array.from({ length: 12 }, () => member(t)));
    await Promise.all(many.map((m, i) => voteRes(key, [i % 3], m.cookie)));
    // The same member twice at once still holds one vote.
    await Promise.all([voteRes(key, [0], voter.cookie), voteRes(key, [1], voter.cookie), voteRes(key, [2], voter.cookie)]);
    const seen = await pollOf(key, voter.cookie);
    expect(seen?.voters).toBe(13);
    const mine = seen!.myChoices![0]!;
    expect(seen?.options.map((o) => o.votes)).toEqual([0, 1, 2].map((i) => 4 + (i === mine ? 1 : 0)));
  });
});

describe('results and ending', () => {
  it('keeps the counts from everyone until the end on an ended-only poll; the author may end it early', async () => {
    const key = await withPoll({ results: 'ended', anonymous: false });
    const after = await vote(key, [0], voter.cookie);
    expect(after).toMatchObject({ myChoices: [0], voters: null, canSeeVoters: false });
    expect(after.options.every((o) => o.votes === null)).toBe(true);
    expect((await post(t, '/api/poll/voters', { postKey: key, option: 0 }, voter.cookie)).statusCode).toBe(403);
    // Only the author ends it.
    expect((await post(t, '/api/poll/end', { postKey: key }, other.cookie)).statusCode).toBe(403);
    expect((await post(t, '/api/poll/end', { postKey: key }, await adminCookie(t))).statusCode).toBe(403);
    expect((await post(t, '/api/poll/end', { postKey: key })).statusCode).toBe(401);
    const ended = await post(t, '/api/poll/end', { postKey: key }, author.cookie);
    expect(ended.statusCode).toBe(200);
    expect(PollAnswer.parse(ended.json()).poll).toMatchObject({ ended: true, canEnd: false, voters: 1, options: [{ votes: 1 }, { votes: 0 }, { votes: 0 }] });
    expect((await post(t, '/api/poll/end', { postKey: key }, author.cookie)).statusCode).toBe(409);
    // Everyone now sees the counts, visitors too (their copy is refreshed by the end).
    expect((await pollOf(key, other.cookie))?.voters).toBe(1);
    expect((await pollOf(key))?.options[0]?.votes).toBe(1);
  });
});

describe('voters', () => {
  it('lists who chose an option of a named poll to members who see the counts', async () => {
    const key = await withPoll({ anonymous: false });
    await vote(key, [1], voter.cookie);
    await vote(key, [1], author.cookie);
    const res = await post(t, '/api/poll/voters', { postKey: key, option: 1 }, voter.cookie);
    expect(res.statusCode).toBe(200);
    const list = PollVoters.parse(res.json());
    expect(list).toMatchObject({ option: 1, total: 2 });
    expect(list.items.map((i) => i.nickName)).toEqual([voter.nickName, author.nickName]);
    expect(Object.keys(list.items[0]!).sort()).toEqual(['levelKey', 'nickName', 'userId']);
    expect((await pollOf(key, voter.cookie))?.canSeeVoters).toBe(true);
    // Not a visitor, not a member who has not voted yet, not an option that is not there.
    expect((await post(t, '/api/poll/voters', { postKey: key, option: 1 })).statusCode).toBe(401);
    const early = await post(t, '/api/poll/voters', { postKey: key, option: 1 }, other.cookie);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('결과를 볼 수 있을 때 투표한 회원도 볼 수 있습니다.');
    expect((await post(t, '/api/poll/voters', { postKey: key, option: 3 }, voter.cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/poll/voters', { postKey: key, option: 'x' }, voter.cookie)).statusCode).toBe(400);
  });

  it('never lists the voters of an anonymous poll, not even to an administrator after the end', async () => {
    const key = await withPoll();
    await vote(key, [0], voter.cookie);
    await endNow(key);
    for (const cookie of [voter.cookie, author.cookie, await adminCookie(t)]) {
      const res = await post(t, '/api/poll/voters', { postKey: key, option: 0 }, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('무기명 투표는 투표한 회원을 볼 수 없습니다.');
    }
    expect((await pollOf(key, voter.cookie))?.canSeeVoters).toBe(false);
  });
});
