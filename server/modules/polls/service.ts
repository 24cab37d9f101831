// A post's poll (docs/product/polls.md): saved with the post, read with its view, voted on by
// members. Votes are one row per member; every count is derived from those rows in the statement
// that reads them, so concurrent votes cannot make a count drift.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PollInput, PollResults, PollView, PollVoters } from '../../../common/api/polls.js';
import { POLL_VOTERS_SHOWN } from '../../../common/api/polls.js';
import { type Db, rowsOf, type Tx } from '../../db/client.js';
import { polls, pollVotes, posts, users } from '../../db/schema/index.js';
import { answersChanged, postTags } from '../../lib/answer-cache.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isAdmin, isOwner } from '../../lib/roles.js';
import { type Actor, inReach } from '../posts/policy.js';
import { presentAuthor, ranksFor } from '../posts/present.js';
import { readablePost } from '../posts/view.js';

export const POLL_MSG = {
  none: '이 글에는 투표가 없습니다.',
  ended: '마감된 투표입니다.',
  voted: '이미 투표했습니다. 이 투표는 투표를 바꿀 수 없습니다.',
  single: '하나만 고를 수 있는 투표입니다.',
  tooMany: (n: number) => `최대 ${n}개까지 고를 수 있습니다.`,
  range: '선택지를 골라 주세요.',
  hidden: '관리자가 가린 글의 투표에는 참여할 수 없습니다.',
  locked: '이미 투표한 회원이 있어 선택지와 선택 방식, 무기명 여부는 바꿀 수 없습니다.',
  endsSoon: '투표 마감 시각은 지금부터 10분 뒤 이후로 골라 주세요.',
  endsFar: '투표 마감 시각은 1년 안으로 골라 주세요.',
  anonymous: '무기명 투표는 투표한 회원을 볼 수 없습니다.',
  noResults: '결과를 볼 수 있을 때 투표한 회원도 볼 수 있습니다.',
  notAuthor: '글쓴이만 투표를 마감할 수 있습니다.',
} as const;

const MIN_AHEAD_MS = 10 * 60_000;
const MAX_AHEAD_MS = 366 * 24 * 3_600_000;

// ---------------------------------------------------------------------------------------------
// Saving with the post

/**
 * Inside the post's save transaction, after the post row is written (the caller may edit it):
 * adds, changes (input) or removes (null) the post's poll, and keeps posts.has_poll in step.
 */
export async function savePoll(tx: Tx, postKey: number, input: PollInput | null): Promise<void> {
  const [current] = await tx.select().from(polls).where(eq(polls.postKey, postKey)).for('update');
  if (input === null) {
    if (current) await tx.delete(polls).where(eq(polls.postKey, postKey));
    await tx.update(posts).set({ hasPoll: false }).where(and(eq(posts.key, postKey), eq(posts.hasPoll, true)));
    return;
  }
  const endsAt = new Date(input.endsAt);
  const maxChoices = input.multiple ? (input.maxChoices ?? input.options.length) : 1;
  const anonymous = input.anonymous ?? true;
  // An unchanged end time may lie in the past (editing the text of a post whose poll has ended).
  if (!current || current.endsAt.getTime() !== endsAt.getTime()) {
    const ahead = endsAt.getTime() - Date.now();
    if (ahead < MIN_AHEAD_MS) throw badRequest(POLL_MSG.endsSoon);
    if (ahead > MAX_AHEAD_MS) throw badRequest(POLL_MSG.endsFar);
  }
  const values = {
    question: input.question,
    options: input.options,
    maxChoices,
    endsAt,
    results: input.results ?? 'voted',
    anonymous,
    changeable: input.changeable ?? false,
  };
  if (current) {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(pollVotes)
      .where(eq(pollVotes.postKey, postKey));
    // Votes point at options by index, and voters chose under the poll's terms.
    const changed = current.options.join('\u0000') !== input.options.join('\u0000') || current.maxChoices !== maxChoices || current.anonymous !== anonymous;
    if (n > 0 && changed) throw conflict(POLL_MSG.locked, 'poll_locked');
    await tx.update(polls).set(values).where(eq(polls.postKey, postKey));
  } else {
    await tx.insert(polls).values({ postKey, ...values });
  }
  await tx.update(posts).set({ hasPoll: true }).where(eq(posts.key, postKey));
}

/** Deleting the post removes its poll and votes (the votes go with the poll). */
export async function dropPoll(tx: Tx, postKey: number): Promise<void> {
  await tx.delete(polls).where(eq(polls.postKey, postKey));
}

// ---------------------------------------------------------------------------------------------
// Reading

interface PollRow {
  question: string;
  options: string[];
  max_choices: number;
  ends_at: string | Date;
  results: PollResults;
  anonymous: boolean;
  changeable: boolean;
  ended: boolean;
  voters: number;
  counts: Record<string, number> | null;
  mine: number[] | null;
}

/** The poll, its counts and the member's own choices in one statement. */
async function readPoll(db: Tx, postKey: number, memberNo: number | null): Promise<PollRow | undefined> {
  const rows = rowsOf<PollRow>(
    await db.execute(sql`
      select p.question, p.options, p.max_choices, p.ends_at, p.results, p.anonymous, p.changeable,
        p.ends_at <= now() as ended,
        (select count(*)::int from ${pollVotes} v where v.post_key = p.post_key) as voters,
        (select json_object_agg(c.choice, c.n) from (select u.choice, count(*)::int as n from ${pollVotes} v, unnest(v.choices) as u(choice)
          where v.post_key = p.post_key group by u.choice) c) as counts,
        (select v.choices from ${pollVotes} v where v.post_key = p.post_key and v.user_no = ${memberNo ?? -1}) as mine
      from ${polls} p where p.post_key = ${postKey}`),
  );
  return rows[0];
}

/** What a post is to its poll: its author, whether it is in reach, and whether the reader may read it. */
export interface PollPost {
  userNo: number | null;
  deleted: boolean;
  hidden: boolean;
}

function present(row: PollRow, actor: Actor, post: PollPost): PollView {
  const mine = row.mine ? row.mine.map(Number).sort((a, b) => a - b) : null;
  // Counts: to everyone after the end; before it, to members who voted when the author allows.
  const shown = row.ended || (row.results === 'voted' && mine !== null);
  const member = actor.member !== null;
  const canEdit = isAdmin(actor) || isOwner(actor, post.userNo);
  return {
    question: row.question,
    options: row.options.map((text, i) => ({ text, votes: shown ? (row.counts?.[String(i)] ?? 0) : null })),
    multiple: row.max_choices > 1,
    maxChoices: row.max_choices,
    endsAt: new Date(row.ends_at).toISOString(),
    ended: row.ended,
    results: row.results,
    anonymous: row.anonymous,
    changeable: row.changeable,
    voters: shown ? row.voters : null,
    myChoices: mine,
    locked: canEdit && row.voters > 0,
    canVote: member && !row.ended && inReach(post) && (mine === null || row.changeable),
    canEnd: !row.ended && isOwner(actor, post.userNo),
    canSeeVoters: member && shown && !row.anonymous,
  };
}

/**
 * The post's poll as this reader may see it, for a post already checked readable (the view).
 * Only posts flagged has_poll reach the database here.
 */
export async function pollForReader(db: Db, actor: Actor, postKey: number, post: PollPost & { hasPoll?: boolean }): Promise<PollView | null> {
  if (!post.hasPoll) return null;
  const row = await readPoll(db, postKey, actor.member?.no ?? null);
  return row ? present(row, actor, post) : null;
}

// ---------------------------------------------------------------------------------------------
// Voting, ending, voters

/** A member's vote (or changed vote where the author allows it), then the poll as they now see it. */
export async function vote(db: Db, actor: Actor, postKey: number, choices: number[]): Promise<PollView> {
  const member = actor.member!;
  const { post } = await readablePost(db, actor, postKey);
  if (!inReach(post)) throw conflict(POLL_MSG.hidden, 'hidden');
  await db.transaction(async (tx) => {
    // Shared with other votes, exclusive with an edit of the poll or its early end.
    const [poll] = await tx
      .select({ options: polls.options, maxChoices: polls.maxChoices, changeable: polls.changeable, ended: sql<boolean>`${polls.endsAt} <= now()` })
      .from(polls)
      .where(eq(polls.postKey, postKey))
      .for('share');
    if (!poll) throw notFound(POLL_MSG.none);
    if (poll.ended) throw conflict(POLL_MSG.ended, 'ended');
    if (choices.some((c) => c >= poll.options.length)) throw badRequest(POLL_MSG.range);
    if (poll.maxChoices === 1 && choices.length > 1) throw badRequest(POLL_MSG.single);
    if (choices.length > poll.maxChoices) throw badRequest(POLL_MSG.tooMany(poll.maxChoices));
    const sorted = [...choices].sort((a, b) => a - b);
    const insert = tx.insert(pollVotes).values({ postKey, userNo: member.no, choices: sorted });
    const done = poll.changeable
      ? await insert.onConflictDoUpdate({ target: [pollVotes.postKey, pollVotes.userNo], set: { choices: sorted, votedAt: new Date() } }).returning({ k: pollVotes.postKey })
      : await insert.onConflictDoNothing().returning({ k: pollVotes.postKey });
    if (done.length === 0) throw conflict(POLL_MSG.voted, 'voted');
  });
  return (await pollForReader(db, actor, postKey, { ...post, hasPoll: true }))!;
}

/** The author ends the poll now; everyone then sees the counts. */
export async function endPoll(db: Db, actor: Actor, postKey: number): Promise<PollView> {
  const { post, board } = await readablePost(db, actor, postKey);
  if (!isOwner(actor, post.userNo)) throw forbidden(POLL_MSG.notAuthor);
  const ended = await db
    .update(polls)
    .set({ endsAt: sql`now()` })
    .where(and(eq(polls.postKey, postKey), sql`${polls.endsAt} > now()`))
    .returning({ k: polls.postKey });
  if (ended.length === 0) {
    const [exists] = await db.select({ k: polls.postKey }).from(polls).where(eq(polls.postKey, postKey));
    throw exists ? conflict(POLL_MSG.ended, 'ended') : notFound(POLL_MSG.none);
  }
  answersChanged(db, postTags(board.id, postKey));
  return (await pollForReader(db, actor, postKey, { ...post, hasPoll: true }))!;
}

/** Who chose an option of a named poll, for a member who sees the counts. */
export async function listVoters(db: Db, actor: Actor, postKey: number, option: number): Promise<PollVoters> {
  const { post } = await readablePost(db, actor, postKey);
  const row = await readPoll(db, postKey, actor.member!.no);
  if (!row) throw notFound(POLL_MSG.none);
  if (row.anonymous) throw forbidden(POLL_MSG.anonymous);
  if (option >= row.options.length) throw badRequest(POLL_MSG.range);
  if (!present(row, actor, post).canSeeVoters) throw forbidden(POLL_MSG.noResults);
  const chose = and(eq(pollVotes.postKey, postKey), sql`${option} = any(${pollVotes.choices})`);
  const voters = await db
    .select({ userNo: pollVotes.userNo, userId: users.userId, nickName: users.nickName, points: users.points, status: users.status })
    .from(pollVotes)
    .innerJoin(users, eq(users.no, pollVotes.userNo))
    .where(chose)
    .orderBy(asc(pollVotes.votedAt), asc(pollVotes.userNo))
    .limit(POLL_VOTERS_SHOWN);
  const ranks = await ranksFor(db, voters);
  return {
    option,
    total: row.counts?.[String(option)] ?? 0,
    items: voters.map((v) => presentAuthor({ ...v, nickName: v.nickName ?? v.userId }, ranks)),
  };
}
