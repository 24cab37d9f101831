// One post: loading it, who may read it, counting the view, and the view itself.
import { createHash } from 'node:crypto';
import DataLoader from 'dataloader';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { PostView } from '../../../common/api/boards.js';
import type { Reaction } from '../../../common/api/reactions.js';
import { STATUS_LABEL } from '../../../common/api/market.js';
import { HIDDEN_NOTICE_HTML } from '../../../common/api/reports.js';
import type { MarketItemRef } from '../../../common/content/render.js';
import { type Db, perDatabase, rowsOf, type Tx } from '../../db/client.js';
import { favorites, marketItems, posts, recommendations, users } from '../../db/schema/index.js';
import type { Produced } from '../../lib/answer-cache.js';
import { forward } from '../../lib/errors.js';
import { isAdmin, isOwner } from '../../lib/roles.js';
import { type GzipHead, gzipHead } from '../../lib/gzip-join.js';
import type { Member } from '../../lib/session.js';
import { markArticleAlarmsRead, unreadArticleAlarms } from '../alarms/service.js';
import { cleanCounts, countsColumn, mineColumn } from '../reactions/columns.js';
import { cachedSettings } from '../community/service.js';
import { MARKET_BOARD } from './kinds.js';
import { renderPost, type RenderLookups, tokenRefs, type TokenRefs } from './content.js';
import { type Actor, can, mayReadHidden, maySeeSecret, postAbilities, VISITOR } from './policy.js';
import { postFilesJson, presentFile, SECRET_SUBJECT } from './present.js';
import { allBoards, type Board, getBoard, MSG, readableBoardNames, requireRead } from './board-rules.js';
import { presentRows, summaryColumns } from './summaries.js';
import { countView, kstDay, type ShownViews, viewsAt, viewsNow } from './view-counter.js';

// ---------------------------------------------------------------------------------------------
// One post

export interface PostRow {
  key: number;
  boardId: string;
  userNo: number | null;
  nickName: string;
  subject: string;
  content: string;
  notice: boolean;
  deleted: boolean;
  /** Hidden by an administrator after a report (out of reach, decision 33). */
  hidden: boolean;
  /** 비밀글 and, for an answer, the post it answers and that post's author (decision 39). */
  secret: boolean;
  answerTo: number | null;
  answerDepth: number;
  askerNo: number | null;
}

/** The post and its board, or the forward errors the view page shows. */
export async function loadPost(db: Tx, key: number): Promise<PostRow> {
  const [row] = await db
    .select({
      key: posts.key,
      boardId: posts.boardId,
      userNo: posts.userNo,
      nickName: posts.nickName,
      subject: posts.subject,
      content: posts.content,
      notice: posts.notice,
      deletedAt: posts.deletedAt,
      hiddenAt: posts.hiddenAt,
      secret: posts.secret,
      answerTo: posts.answerTo,
      answerDepth: posts.answerDepth,
      askerNo: askerNo(),
    })
    .from(posts)
    .where(eq(posts.key, key))
    .limit(1);
  if (!row) throw forward(404, MSG.noPost);
  return { ...row, deleted: row.deletedAt !== null, hidden: row.hiddenAt !== null };
}

/**
 * The author of the post this one answers (null for a post that answers none). The outer row's
 * answer_to is named with its table on purpose: in a select from posts alone Drizzle writes a
 * column without its table, and a bare answer_to inside the subquery would be the inner row's
 * (the original's own answer_to), so an answer's asker was never found.
 */
const askerNo = () => sql<number | null>`(select o.user_no from ${posts} o where o.key = ${posts}.${sql.identifier(posts.answerTo.name)})`.mapWith(Number);

/** Refuses a secret post to whoever may not read it (decision 39): the same words everywhere. */
export function requireSecretReader(actor: Actor, post: { userNo: number | null; secret: boolean; askerNo: number | null }) {
  if (!maySeeSecret(actor, post)) throw forward(403, MSG.secret);
}

/** A post the caller may read (its own board decides), not deleted: the checks of every post call. */
export async function readablePost(db: Db, actor: Actor, key: number): Promise<{ post: PostRow; board: Board }> {
  const post = await loadPost(db, key);
  const board = await getBoard(db, post.boardId);
  requireRead(actor, board);
  if (post.deleted) throw forward(404, MSG.deleted);
  // Comments, recommending, scraps and reports follow the post's secrecy.
  requireSecretReader(actor, post);
  return { post, board };
}

/** Who is viewing, for counting a view once a day: the member, or a hash of address, browser and day. */
export function viewerId(member: Member | null, ip: string, userAgent: string | undefined): string {
  if (member) return `m:${member.no}`;
  return 'v:' + createHash('sha256').update(`${ip}\n${userAgent ?? ''}\n${kstDay()}`).digest('base64url').slice(0, 32);
}

/** Nicknames of the members that @{userId} tokens name, for the renderer. */
export async function nickNamesOf(db: Tx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.userId, nickName: users.nickName })
    .from(users)
    .where(and(inArray(users.userId, userIds.slice(0, 100)), eq(users.status, 'active')));
  return new Map(rows.map((r) => [r.userId, r.nickName ?? r.userId]));
}

/** Market items looked up for one render at most (a page of comments names many). */
const MARKET_LOOKUP_MAX = 500;

/**
 * The live items (neither the item nor its post deleted, the post not hidden) that * and ! tokens
 * name, in one query, and only for a reader who may read the market: everyone else sees #매물 N.
 */
async function marketItemsOf(db: Db, reader: Actor, keys: number[], boardMap: Map<string, Board>): Promise<Map<number, MarketItemRef>> {
  const market = boardMap.get(MARKET_BOARD);
  if (keys.length === 0 || !market || !can(reader, 'read', market)) return new Map();
  const rows = await db
    .select({
      key: marketItems.postKey,
      subject: posts.subject,
      // What the item stands at: an auction's highest bid, else its price.
      price: sql<number>`coalesce(${marketItems.currentPrice}, ${marketItems.price})`.mapWith(marketItems.price),
      status: marketItems.status,
      auction: marketItems.auction,
      // A buy-now or an admin's cancel ends an auction before its end time.
      end: sql<Date | null>`least(${marketItems.endedAt}, ${marketItems.endsAt})`.mapWith(marketItems.endsAt),
    })
    .from(marketItems)
    .innerJoin(posts, eq(posts.key, marketItems.postKey))
    .where(and(inArray(marketItems.postKey, keys.slice(0, MARKET_LOOKUP_MAX)), isNull(marketItems.deletedAt), isNull(posts.deletedAt), isNull(posts.hiddenAt)));
  return new Map(
    rows.map((r) => [
      Number(r.key),
      {
        subject: r.subject,
        price: r.price,
        ...(r.status === 'selling' ? {} : { status: STATUS_LABEL[r.status] }),
        auctionEnd: r.auction && r.end ? r.end.toISOString() : null,
      },
    ]),
  );
}

/**
 * What the renderer looks up for this reader (refs from tokenRefs): nicknames of the members
 * named in the content, the names of the boards and the market items the reader may read,
 * emoticons. Reads through db, so never call it inside a transaction (one PGlite connection).
 */
export async function renderLookups(db: Db, reader: Actor, refs: TokenRefs, all?: Map<string, Board>): Promise<RenderLookups> {
  const boards = all ? Promise.resolve(all) : allBoards(db);
  const [nickNames, boardMap, items, settings] = await Promise.all([
    nickNamesOf(db, refs.userIds),
    boards,
    boards.then((map) => marketItemsOf(db, reader, refs.marketKeys, map)),
    cachedSettings(db),
  ]);
  return { nickNames, boardNames: readableBoardNames(reader, boardMap), marketItems: items, emoticons: settings.emoticons };
}

type Neighbour = { key: number; subject: string; secret: boolean } | null;
type Original = { key: number; subject: string; secret: boolean; userNo: number | null; deleted: boolean } | null;
type AnswerRef = { key: number; subject: string; secret: boolean; nickName: string };

/**
 * Everything a view shows that is the same for every reader, in one round trip: the post with its
 * author's users row, its files and the older and newer post of the board (both walk the board's
 * partial index). The rules (may read, deleted) are checked on the result. A prepared statement
 * per database: the query is built once, and PostgreSQL parses and plans it once per connection.
 */
function buildViewRow(db: Db) {
  return db
    .select({
      ...summaryColumns,
      content: posts.content,
      updatedAt: posts.updatedAt,
      editedAt: posts.editedAt,
      hiddenAt: posts.hiddenAt,
      deletedAt: posts.deletedAt,
      files: postFilesJson(posts.key),
      // Reactions (공감): the post's counts, one primary-key lookup.
      reactions: countsColumn('post', posts.key),
      prev: sql<Neighbour>`(select json_build_object('key', n.key, 'subject', n.subject, 'secret', n.secret) from ${posts} n
        where n.board_id = ${posts.boardId} and n.deleted_at is null and n.key < ${posts.key} order by n.key desc nulls last limit 1)`,
      next: sql<Neighbour>`(select json_build_object('key', n.key, 'subject', n.subject, 'secret', n.secret) from ${posts} n
        where n.board_id = ${posts.boardId} and n.deleted_at is null and n.key > ${posts.key} order by n.key asc nulls first limit 1)`,
      // 답글 (decision 39): the post this one answers, and the answers to this one (partial index).
      original: sql<Original>`(select json_build_object('key', o.key, 'subject', o.subject, 'secret', o.secret, 'userNo', o.user_no,
        'deleted', o.deleted_at is not null) from ${posts} o where o.key = ${posts.answerTo})`,
      answers: sql<AnswerRef[] | null>`(select json_agg(json_build_object('key', a.key, 'subject', a.subject, 'secret', a.secret,
        'nickName', a.nick_name) order by a.key) from ${posts} a where a.answer_to = ${posts.key} and a.deleted_at is null)`,
    })
    .from(posts)
    .leftJoin(users, eq(users.no, posts.userNo))
    .where(eq(posts.key, sql.placeholder('key')))
    .limit(1)
    .prepare('post_view_row');
}

const viewRow = perDatabase(buildViewRow);

/** A secret post's subject shows only to administrators (reveal): everyone else sees that it is one. */
const subjectFor = (n: { subject: string; secret: boolean }, reveal: boolean) => (n.secret && !reveal ? SECRET_SUBJECT : n.subject);
const neighbour = (n: Neighbour, reveal: boolean) => (n ? { key: Number(n.key), subject: subjectFor(n, reveal) } : null);

/** The part of a view that depends on the reader, not on their kind: sent after the shared part. */
export const ReaderPart = PostView.pick({ views: true, abilities: true, recommended: true, scrapped: true, poll: true, myReaction: true });
/** The part of a view every reader of a kind (visitor, a level, admin) gets alike. */
export const SharedView = PostView.omit({ views: true, abilities: true, recommended: true, scrapped: true, poll: true, myReaction: true });
type SharedView = z.input<typeof SharedView>;

/** What the reader's part is made from, kept beside the shared part. */
export interface ViewMeta {
  boardId: string;
  userNo: number | null;
  hidden: boolean;
  views: ShownViews;
  /** The post carries a poll: the reader's part reads it (polls module). */
  hasPoll?: boolean;
  /** A secret post whose text this copy leaves out: who else may read it (decision 39). */
  secret?: { askerNo: number | null };
}

/** The shared part as the answer cache keeps it for members of a kind, with its gzip head. */
export interface SharedMeta extends ViewMeta {
  head: GzipHead;
}

export interface Marks {
  recommended: boolean;
  scrapped: boolean;
  unreadAlarms: boolean;
  /** The member's reaction (공감) to the post. */
  reaction: Reaction | null;
}
const NO_MARKS: Marks = { recommended: false, scrapped: false, unreadAlarms: false, reaction: null };

interface MarksAsk {
  key: number;
  member: number;
}

/**
 * The marks of every member viewing a post in one statement per turn of the event loop: the
 * members' views that arrive together share one round trip (DataLoader, batched until the turn's
 * I/O is read, nothing kept between batches). Each answer is matched to its own (post, member).
 */
function buildMarksLoader(db: Db) {
  return new DataLoader<MarksAsk, Marks>(
    async (asks) => {
      const rows = rowsOf<{ key: string | number; member: number; recommended: boolean; scrapped: boolean; unread: boolean; reaction: Reaction | null }>(
        await db.execute(sql`
          select q.key, q.member,
            exists(select 1 from ${recommendations} r where r.post_key = q.key and r.user_no = q.member) as recommended,
            exists(select 1 from ${favorites} f where f.post_key = q.key and f.user_no = q.member) as scrapped,
            ${unreadArticleAlarms(sql`q.key`, sql`q.member`)} as unread,
            ${mineColumn('post', sql`q.key`, sql`q.member`)} as reaction
          from jsonb_to_recordset(${JSON.stringify(asks)}::jsonb) as q(key bigint, member int)`),
      );
      const byAsk = new Map(rows.map((r) => [`${r.key}:${r.member}`, r]));
      return asks.map((a) => {
        const r = byAsk.get(`${a.key}:${a.member}`);
        return r ? { recommended: Boolean(r.recommended), scrapped: Boolean(r.scrapped), unreadAlarms: Boolean(r.unread), reaction: r.reaction ?? null } : NO_MARKS;
      });
    },
    { cache: false, maxBatchSize: 256, batchScheduleFn: (run) => setImmediate(run) },
  );
}
const marksLoader = perDatabase(buildMarksLoader);

/** A member's marks on the post (none when it does not exist). */
export function viewMarks(db: Db, key: number, memberNo: number): Promise<Marks> {
  return marksLoader(db).load({ key, member: memberNo });
}

/**
 * A post as every reader of the actor's kind sees it (their level and admin flag decide what they
 * may read, whether a hidden post's text shows and which boards and items its tokens name), with
 * what the reader's own part needs. Never anything of one member: see readerPart.
 */
export async function sharedView(db: Db, actor: Actor, key: number, revealSecret = false): Promise<{ view: SharedView; meta: ViewMeta; tags: string[] }> {
  const [[row], boardMap] = await Promise.all([viewRow(db).execute({ key }), allBoards(db)]);
  if (!row) throw forward(404, MSG.noPost);
  const board = boardMap.get(row.boardId);
  if (!board) throw forward(404, MSG.noBoard);
  requireRead(actor, board);
  if (row.deletedAt !== null) throw forward(404, MSG.deleted);
  // Taken with the row, before anything else is awaited: a batch of views written meanwhile would
  // otherwise be in neither the row's count nor the node's waiting ones.
  const views = viewsAt(db, key, row.views);
  // Hidden after a report: everyone but admins gets the notice instead of the text and files.
  const hidden = row.hiddenAt !== null;
  const askerNo = row.original?.userNo ?? null;
  const post: PostRow = { ...row, deleted: false, hidden, askerNo };
  const concealed = hidden && !mayReadHidden(actor);
  // A secret post (decision 39): an administrator's copy has it all; any other kind's copy leaves
  // out the subject, text and files, and says who else may read it. Only the route asks for the
  // text for one of those (revealSecret), and never keeps that copy for others.
  const admin = isAdmin(actor);
  const secretOut = row.secret && !admin && !revealSecret;
  const reveal = admin || revealSecret;
  const fileRows = concealed || secretOut ? [] : (row.files ?? []);
  const refs = tokenRefs(secretOut ? [] : [post.content]);
  const [lookups, [summary]] = await Promise.all([renderLookups(db, actor, refs, boardMap), presentRows(db, [row], boardMap, reveal)]);
  const { views: _views, ...shared } = summary!;
  const original = row.original;
  return {
    view: {
      ...shared,
      category: row.category,
      updatedAt: row.updatedAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
      contentHtml: secretOut ? '' : concealed ? HIDDEN_NOTICE_HTML : renderPost(post.content, fileRows, lookups),
      hidden,
      files: fileRows.map(presentFile),
      reactions: cleanCounts(row.reactions),
      prev: neighbour(row.prev, admin),
      next: neighbour(row.next, admin),
      ...(original && {
        answerTo: original.deleted ? { key: Number(original.key), subject: '', deleted: true } : { key: Number(original.key), subject: subjectFor(original, reveal), deleted: false },
      }),
      // Answers to the post are the post's author's to read too: their own copy shows their subjects.
      ...(row.answers && { answers: row.answers.map((a) => ({ key: Number(a.key), subject: subjectFor(a, admin || (revealSecret && isOwner(actor, row.userNo))), secret: a.secret, nickName: a.nickName })) }),
    },
    meta: { boardId: row.boardId, userNo: row.userNo, hidden, views, ...(secretOut && { secret: { askerNo } }) },
    // What a kept copy shows changes with the post, its neighbours and the market items it names.
    tags: [`post:${key}`, `nav:${row.boardId}`, ...refs.marketKeys.map((k) => `post:${k}`)],
  };
}

/** The post's board, if the reader may read it: checked before their view is counted or their alarms read. */
export async function readableBoard(db: Db, actor: Actor, boardId: string): Promise<Board> {
  const board = (await allBoards(db)).get(boardId);
  if (!board) throw forward(404, MSG.noBoard);
  requireRead(actor, board);
  return board;
}

/** The reader's own part of a view: the views shown now, their abilities and marks. */
export function readerPart(db: Db, actor: Actor, board: Board, key: number, meta: ViewMeta, marks: Marks = NO_MARKS): z.input<typeof ReaderPart> {
  return {
    views: viewsNow(db, key, meta.views),
    abilities: postAbilities(actor, board, { userNo: meta.userNo, deleted: false, hidden: meta.hidden }),
    recommended: marks.recommended,
    scrapped: marks.scrapped,
    myReaction: marks.reaction,
  };
}

/**
 * The shared part for members of the actor's kind, as the answer cache keeps it: its JSON, and the
 * gzip head of that JSON without the closing brace, where the reader's fields go (readerTail).
 */
export async function sharedAnswer(db: Db, actor: Actor, key: number, revealSecret = false): Promise<Produced> {
  const { view, meta, tags } = await sharedView(db, actor, key, revealSecret);
  const json = JSON.stringify(SharedView.parse(view));
  const shared: SharedMeta = { ...meta, ...(view.hasPoll && { hasPoll: true }), head: gzipHead(Buffer.from(json.slice(0, -1))) };
  return { json, tags, meta: shared, compress: false };
}

/** The reader's fields as the end of the answer: they follow the shared part's last field and close it. */
export function readerTail(reader: z.input<typeof ReaderPart>): Buffer {
  return Buffer.from(`,${JSON.stringify(ReaderPart.parse(reader)).slice(1)}`);
}

/** A visitor's whole view (cached whole by the route, decision 22), the filler's view counted in it. */
export async function visitorView(db: Db, key: number, viewer: string): Promise<{ view: z.input<typeof PostView>; tags: string[] }> {
  const { view, meta, tags } = await sharedView(db, VISITOR, key);
  // A visitor is never a secret post's reader; the refusal is not kept (the cache keeps answers only).
  if (meta.secret) throw forward(403, MSG.secret);
  const board = await readableBoard(db, VISITOR, meta.boardId);
  countView(db, key, viewer);
  return { view: { ...view, ...readerPart(db, VISITOR, board, key, meta) }, tags };
}

/** Marks the member's alarms about the post read, when the marks say there are some. */
export async function readAlarmsOnView(db: Db, memberNo: number, key: number, marks: Marks): Promise<void> {
  if (marks.unreadAlarms) await markArticleAlarmsRead(db, memberNo, key);
}
