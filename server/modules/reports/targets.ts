// The things members report (posts, comments, letters, market items, gallery items): finding one
// as the reporter may see it, showing them in the admin queue, and hiding one. A market item is the
// market board's post of the same key, a gallery item the gallery board's.
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ReportKind, ReportTarget } from '../../../common/api/reports.js';
import type { Db, Tx } from '../../db/client.js';
import { boards, comments, letters, posts } from '../../db/schema/index.js';
import { answersChanged, postTags } from '../../lib/answer-cache.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { isOwner } from '../../lib/roles.js';
import type { Member } from '../../lib/session.js';
import { actorOf } from '../posts/board-rules.js';
import { readablePost } from '../posts/view.js';
import { GALLERY_BOARD, MARKET_BOARD } from '../posts/kinds.js';

export const TARGET_MSG = {
  notYet: '이 항목은 아직 신고할 수 없습니다.',
  post: '신고할 글을 찾을 수 없습니다.',
  comment: '신고할 댓글을 찾을 수 없습니다.',
  letter: '신고할 쪽지를 찾을 수 없습니다.',
  ownPost: '자신이 쓴 글은 신고할 수 없습니다.',
  ownComment: '자신이 쓴 댓글은 신고할 수 없습니다.',
  alreadyHidden: '이미 관리자가 가린 내용입니다.',
  market: '신고할 매물을 찾을 수 없습니다.',
  ownMarket: '자신이 올린 매물은 신고할 수 없습니다.',
  gallery: '신고할 사진을 찾을 수 없습니다.',
  ownGallery: '자신이 올린 사진은 신고할 수 없습니다.',
} as const;

export type LiveKind = 'post' | 'comment' | 'letter' | 'market' | 'gallery';

/** Kinds that are a post of a board of their own, with the board. */
const BOARD_OF = { market: MARKET_BOARD, gallery: GALLERY_BOARD } as const;
/** A post's kind as reports name it: its own board's kind, or 'post'. */
const kindOfPost = (boardId: string): 'post' | 'market' | 'gallery' =>
  boardId === MARKET_BOARD ? 'market' : boardId === GALLERY_BOARD ? 'gallery' : 'post';

export interface Reportable {
  authorNo: number | null;
}

/** Whatever readablePost refuses (no post, deleted, board closed to the member) is "not found" here. */
async function postFor(db: Db, member: Member, key: number) {
  try {
    return await readablePost(db, await actorOf(db, member), key);
  } catch (e) {
    if (e instanceof HttpError && e.status < 500) throw notFound(TARGET_MSG.post);
    throw e;
  }
}

/**
 * The thing a member wants to report, if they may: it exists, they may read it (a letter only
 * its receiver), it is not their own and not already hidden.
 */
export async function reportableTarget(db: Db, member: Member, kind: ReportKind, key: number): Promise<Reportable> {
  if (kind === 'post') {
    const { post } = await postFor(db, member, key);
    if (isOwner({ member }, post.userNo)) throw badRequest(TARGET_MSG.ownPost);
    const [row] = await db.select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.key, key));
    if (row?.hiddenAt) throw badRequest(TARGET_MSG.alreadyHidden);
    return { authorNo: post.userNo };
  }
  if (kind === 'market' || kind === 'gallery') {
    const found = await postFor(db, member, key).catch(() => null);
    if (!found || found.board.id !== BOARD_OF[kind]) throw notFound(kind === 'market' ? TARGET_MSG.market : TARGET_MSG.gallery);
    if (isOwner({ member }, found.post.userNo)) throw badRequest(kind === 'market' ? TARGET_MSG.ownMarket : TARGET_MSG.ownGallery);
    const [row] = await db.select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.key, key));
    if (row?.hiddenAt) throw badRequest(TARGET_MSG.alreadyHidden);
    return { authorNo: found.post.userNo };
  }
  if (kind === 'comment') {
    const [row] = await db
      .select({ postKey: comments.postKey, userNo: comments.userNo, deletedAt: comments.deletedAt, hiddenAt: comments.hiddenAt })
      .from(comments)
      .where(eq(comments.key, key));
    if (!row || row.deletedAt) throw notFound(TARGET_MSG.comment);
    try {
      await postFor(db, member, row.postKey);
    } catch {
      throw notFound(TARGET_MSG.comment);
    }
    if (isOwner({ member }, row.userNo)) throw badRequest(TARGET_MSG.ownComment);
    if (row.hiddenAt) throw badRequest(TARGET_MSG.alreadyHidden);
    return { authorNo: row.userNo };
  }
  if (kind === 'letter') {
    // Only the receiver reports a letter, and only while it is in their inbox.
    const [row] = await db
      .select({ senderNo: letters.senderNo, hiddenAt: letters.hiddenAt })
      .from(letters)
      .where(and(eq(letters.letterKey, key), eq(letters.receiverNo, member.no), isNull(letters.receiverDeletedAt)));
    if (!row) throw notFound(TARGET_MSG.letter);
    if (row.hiddenAt) throw badRequest(TARGET_MSG.alreadyHidden);
    return { authorNo: row.senderNo };
  }
  throw badRequest(TARGET_MSG.notYet);
}

type Target = z.infer<typeof ReportTarget>;
const GONE: Target = { exists: false, subject: '', excerpt: '', boardName: '', url: null, hidden: false };
const EXCERPT_MAX = 200;

/** Stored text (post HTML or plain comment and letter text) as a short plain excerpt. */
export function excerptOf(text: string): string {
  const plain = text
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/p>|<\/div>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(plain);
  return chars.length > EXCERPT_MAX ? chars.slice(0, EXCERPT_MAX - 1).join('') + '…' : plain;
}

const postUrl = (boardId: string, key: number) =>
  boardId === MARKET_BOARD
    ? `/market/view/${key}`
    : boardId === GALLERY_BOARD
      ? `/gallery/view/${key}`
      : `/board/${encodeURIComponent(boardId)}/view/${key}`;

/** The reported things of a page of reports, as the admin sees them; keyed "kind:key". */
export async function targetsOf(db: Db, list: ReadonlyArray<{ kind: ReportKind; targetKey: string }>): Promise<Map<string, Target>> {
  const keysOf = (kind: ReportKind) => [...new Set(list.filter((r) => r.kind === kind).map((r) => Number(r.targetKey)))].filter(Number.isSafeInteger);
  const [postKeys, commentKeys, letterKeys] = [[...new Set([...keysOf('post'), ...keysOf('market'), ...keysOf('gallery')])], keysOf('comment'), keysOf('letter')];
  const [postRows, commentRows, letterRows] = await Promise.all([
    postKeys.length
      ? db
          .select({ key: posts.key, boardId: posts.boardId, boardName: boards.name, subject: posts.subject, content: posts.content, deletedAt: posts.deletedAt, hiddenAt: posts.hiddenAt })
          .from(posts)
          .innerJoin(boards, eq(boards.id, posts.boardId))
          .where(inArray(posts.key, postKeys))
      : [],
    commentKeys.length
      ? db
          .select({
            key: comments.key,
            postKey: comments.postKey,
            content: comments.content,
            deletedAt: comments.deletedAt,
            hiddenAt: comments.hiddenAt,
            boardId: posts.boardId,
            boardName: boards.name,
            subject: posts.subject,
          })
          .from(comments)
          .innerJoin(posts, eq(posts.key, comments.postKey))
          .innerJoin(boards, eq(boards.id, posts.boardId))
          .where(inArray(comments.key, commentKeys))
      : [],
    letterKeys.length
      ? db
          .select({ key: letters.letterKey, subject: letters.subject, content: letters.content, hiddenAt: letters.hiddenAt })
          .from(letters)
          .where(inArray(letters.letterKey, letterKeys))
      : [],
  ]);
  const out = new Map<string, Target>();
  for (const p of postRows) {
    const target = {
      exists: p.deletedAt === null,
      subject: p.subject,
      excerpt: excerptOf(p.content),
      boardName: p.boardName,
      url: postUrl(p.boardId, p.key),
      hidden: p.hiddenAt !== null,
    };
    out.set(`${kindOfPost(p.boardId)}:${p.key}`, target);
    // A market or gallery item asked for as a post (a held item, a report made on its post) is found too.
    out.set(`post:${p.key}`, target);
  }
  for (const c of commentRows) {
    out.set(`comment:${c.key}`, {
      exists: c.deletedAt === null,
      subject: c.subject,
      excerpt: excerptOf(c.content),
      boardName: c.boardName,
      url: postUrl(c.boardId, c.postKey),
      hidden: c.hiddenAt !== null,
    });
  }
  for (const l of letterRows) {
    out.set(`letter:${l.key}`, { exists: true, subject: l.subject, excerpt: excerptOf(l.content), boardName: '', url: null, hidden: l.hiddenAt !== null });
  }
  for (const r of list) if (!out.has(`${r.kind}:${r.targetKey}`)) out.set(`${r.kind}:${r.targetKey}`, GONE);
  return out;
}

/** Where an alarm about the thing points: its post (board and key), or nowhere for a letter. */
export interface TargetPlace {
  boardId: string;
  boardName: string;
  articleKey: number;
  subject: string;
}

/**
 * Hides the thing (hide and suspend outcomes) and answers where it lives. A thing that no longer
 * exists is left alone. Cached answers of its post are dropped by the caller after the commit.
 */
export async function hideTarget(tx: Tx, kind: LiveKind, key: number, hide: boolean): Promise<{ place: TargetPlace | null; subject: string; wasHidden: boolean }> {
  const now = new Date();
  if (kind === 'post' || kind === 'market' || kind === 'gallery') {
    const [p] = await tx
      .select({ boardId: posts.boardId, boardName: boards.name, subject: posts.subject, hiddenAt: posts.hiddenAt })
      .from(posts)
      .innerJoin(boards, eq(boards.id, posts.boardId))
      .where(eq(posts.key, key));
    if (!p) return { place: null, subject: '', wasHidden: false };
    if (hide && !p.hiddenAt) await tx.update(posts).set({ hiddenAt: now }).where(eq(posts.key, key));
    return { place: { boardId: p.boardId, boardName: p.boardName, articleKey: key, subject: p.subject }, subject: p.subject, wasHidden: p.hiddenAt !== null };
  }
  if (kind === 'comment') {
    const [c] = await tx
      .select({ postKey: comments.postKey, boardId: posts.boardId, boardName: boards.name, subject: posts.subject, hiddenAt: comments.hiddenAt })
      .from(comments)
      .innerJoin(posts, eq(posts.key, comments.postKey))
      .innerJoin(boards, eq(boards.id, posts.boardId))
      .where(eq(comments.key, key));
    if (!c) return { place: null, subject: '', wasHidden: false };
    if (hide && !c.hiddenAt) await tx.update(comments).set({ hiddenAt: now }).where(eq(comments.key, key));
    return { place: { boardId: c.boardId, boardName: c.boardName, articleKey: c.postKey, subject: c.subject }, subject: c.subject, wasHidden: c.hiddenAt !== null };
  }
  const [l] = await tx.select({ subject: letters.subject, hiddenAt: letters.hiddenAt }).from(letters).where(eq(letters.letterKey, key));
  if (l && hide && !l.hiddenAt) await tx.update(letters).set({ hiddenAt: now }).where(eq(letters.letterKey, key));
  return { place: null, subject: l?.subject ?? '', wasHidden: l?.hiddenAt != null };
}

/**
 * Shows a hidden thing again (a restore); answers where it lives and whether it was hidden. A
 * thing that no longer exists is left alone.
 */
export async function unhideTarget(tx: Tx, kind: LiveKind, key: number): Promise<{ place: TargetPlace | null; wasHidden: boolean }> {
  if (kind === 'letter') {
    const done = await tx.update(letters).set({ hiddenAt: null }).where(and(eq(letters.letterKey, key), isNotNull(letters.hiddenAt))).returning({ key: letters.letterKey });
    return { place: null, wasHidden: done.length > 0 };
  }
  const table = kind === 'comment' ? comments : posts;
  const done = await tx.update(table).set({ hiddenAt: null }).where(and(eq(table.key, key), isNotNull(table.hiddenAt))).returning({ key: table.key });
  // Where it lives, as hideTarget says it (nothing is hidden again).
  const { place } = await hideTarget(tx, kind, key, false);
  return { place, wasHidden: done.length > 0 };
}

/** A reported post of the market board (kind 'market', or 'post' for the same post). */
export const isMarketPost = (kind: LiveKind, place: TargetPlace | null) => (kind === 'post' || kind === 'market') && place?.boardId === MARKET_BOARD;

/** After a hide has committed: every node drops the cached answers showing the post. */
export function targetChanged(db: Db, place: TargetPlace | null) {
  // A market or gallery item also leaves its own lists (tags 'market', 'gallery').
  if (!place) return;
  const own = place.boardId === MARKET_BOARD ? ['market'] : place.boardId === GALLERY_BOARD ? ['gallery'] : [];
  answersChanged(db, [...postTags(place.boardId, place.articleKey), ...own]);
}
