// /api/search (decision 47): posts of every board the reader may read, market items, gallery
// items, members by nickname and products, grouped by kind. Without a kind, every kind the reader
// may read with a few hits and its count; with one, that kind's page.
import { eq, inArray, sql } from 'drizzle-orm';
import { SEARCH_KINDS, SEARCH_PAGE_SIZE, SEARCH_PREVIEW, type SearchGroup, type SearchHit, type SearchKind, type SiteSearchResult } from '../../../common/api/search.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { marketItems, posts, users } from '../../db/schema/index.js';
import { activityRanks } from '../../lib/activity-rank.js';
import { forward } from '../../lib/errors.js';
import type { ReadGate } from '../../lib/read-gate.js';
import { galleryColumns, presentGalleryRows } from '../gallery/gallery-read.js';
import { itemColumns, type ItemRow, presentItems, withItemJoins } from '../market/present.js';
import { allBoards, type Board, MSG } from '../posts/board-rules.js';
import { articlePath, GALLERY_BOARD, MARKET_BOARD } from '../posts/kinds.js';
import { type Actor, can } from '../posts/policy.js';
import { summariesByKeys } from '../posts/summaries.js';
import { productCard } from '../products/present.js';
import { productIndex } from '../products/product-index.js';
import { searchProducts } from '../products/search.js';
import { type BoardHits, searchBoardHits } from './board-hits.js';
import { searchMembers } from './members.js';

export interface SiteSearchInput {
  q: string;
  kind?: SearchKind | undefined;
  page: number;
}

export interface SearchDeps {
  db: Db;
  gate: ReadGate;
  limits: Config['search'];
}

const NO_HIT = { author: null, createdAt: null, thumbUrl: null, commentCount: null, price: null, status: null, boardId: null } satisfies Partial<SearchHit>;

/** The boards searched for each kind of post the reader may read; hidden boards are left out, as in the all list. */
function boardsOf(actor: Actor, all: Map<string, Board>) {
  const readable = [...all.values()].filter((b) => can(actor, 'read', b));
  return {
    post: readable.filter((b) => !b.hidden && b.id !== MARKET_BOARD && b.id !== GALLERY_BOARD).map((b) => b.id),
    market: readable.some((b) => b.id === MARKET_BOARD) ? [MARKET_BOARD] : null,
    gallery: readable.some((b) => b.id === GALLERY_BOARD) ? [GALLERY_BOARD] : null,
  };
}

/** A market item whose item row is live (a withdrawn seller's or a deleted item's post is not a hit). */
const liveItem = sql`exists (select 1 from ${marketItems} mi where mi.post_key = ${posts.key} and mi.deleted_at is null)`;

export async function siteSearch(deps: SearchDeps, actor: Actor, input: SiteSearchInput, now: Date): Promise<SiteSearchResult> {
  const { db, gate, limits } = deps;
  const q = input.q.trim();
  const all = await allBoards(db);
  const boards = boardsOf(actor, all);
  const available = (k: SearchKind) => (k === 'market' ? boards.market !== null : k === 'gallery' ? boards.gallery !== null : true);
  if (input.kind && !available(input.kind)) throw forward(403, MSG.noRead);
  const kinds = input.kind ? [input.kind] : SEARCH_KINDS.filter(available);
  const page = input.kind ? input.page : 1;
  const pageSize = input.kind ? SEARCH_PAGE_SIZE : SEARCH_PREVIEW;
  const common = { query: q, page, pageSize, slicePosts: limits.slicePosts, matchCap: limits.matchCap };

  // The database's part, one kind after another on one gated connection (decision 20).
  const found = await gate.run(async (tx) => {
    const hits: Partial<Record<SearchKind, BoardHits>> = {};
    let members: Awaited<ReturnType<typeof searchMembers>> | null = null;
    for (const kind of kinds) {
      if (kind === 'post') hits.post = await searchBoardHits(tx, { ...common, boards: boards.post });
      else if (kind === 'market') hits.market = await searchBoardHits(tx, { ...common, boards: boards.market!, extra: liveItem });
      else if (kind === 'gallery') hits.gallery = await searchBoardHits(tx, { ...common, boards: boards.gallery! });
      else if (kind === 'member') members = await searchMembers(tx, q, page, pageSize, limits.matchCap);
    }
    return { hits, members };
  });

  const groups = await Promise.all(
    kinds.map(async (kind): Promise<SearchGroup> => {
      const group = { kind, page, pageSize };
      if (kind === 'member') {
        const m = found.members ?? { rows: [], total: 0 };
        return { ...group, total: m.total, capped: m.total >= limits.matchCap, items: await memberHits(db, m.rows) };
      }
      if (kind === 'product') return { ...group, ...(await productHits(db, q, page, pageSize)) };
      const h = found.hits[kind] ?? { keys: [], total: 0, capped: false };
      const items = kind === 'post' ? await postHits(db, h.keys) : kind === 'market' ? await marketHits(db, h.keys, all.get(MARKET_BOARD), now) : await galleryHits(db, h.keys);
      return { ...group, total: h.total, capped: h.capped, items };
    }),
  );
  return { q, groups };
}

/** Hits in the order of the keys (a row gone since the search is left out). */
const inOrder = <T>(keys: number[], byKey: Map<number, T>) => keys.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));

async function postHits(db: Db, keys: number[]): Promise<SearchHit[]> {
  const byKey = await summariesByKeys(db, keys);
  return inOrder(keys, byKey).map((p) => ({
    ...NO_HIT,
    key: String(p.key),
    title: p.subject,
    href: articlePath(p.boardId, p.key),
    place: p.categoryName ? `${p.boardName} · ${p.categoryName}` : p.boardName,
    author: p.author,
    createdAt: p.createdAt,
    commentCount: p.commentCount,
    boardId: p.boardId,
  }));
}

async function marketHits(db: Db, keys: number[], board: Board | undefined, now: Date): Promise<SearchHit[]> {
  if (keys.length === 0) return [];
  const rows = await withItemJoins(db.select(itemColumns).from(marketItems).$dynamic()).where(inArray(marketItems.postKey, keys));
  const cards = await presentItems(db, rows as ItemRow[], board, now);
  return inOrder(keys, new Map(cards.map((c) => [c.key, c]))).map((c) => ({
    ...NO_HIT,
    key: String(c.key),
    title: c.subject,
    href: articlePath(MARKET_BOARD, c.key),
    place: c.categoryName,
    author: c.seller,
    createdAt: c.createdAt,
    thumbUrl: c.thumbUrl,
    commentCount: c.commentCount,
    price: c.auction ? (c.auction.currentPrice ?? c.price) : c.price,
    status: c.status,
  }));
}

async function galleryHits(db: Db, keys: number[]): Promise<SearchHit[]> {
  if (keys.length === 0) return [];
  const rows = await db.select(galleryColumns).from(posts).leftJoin(users, eq(users.no, posts.userNo)).where(inArray(posts.key, keys));
  const cards = await presentGalleryRows(db, rows);
  return inOrder(keys, new Map(cards.map((c) => [c.galleryKey, c]))).map((c) => ({
    ...NO_HIT,
    key: String(c.galleryKey),
    title: c.title,
    href: articlePath(GALLERY_BOARD, c.galleryKey),
    place: `사진 ${c.photoCount}장`,
    author: c.author,
    createdAt: c.createdAt,
    thumbUrl: c.cover.thumbUrl || null,
    commentCount: c.commentCount,
  }));
}

async function memberHits(db: Db, rows: Awaited<ReturnType<typeof searchMembers>>['rows']): Promise<SearchHit[]> {
  const ranks = await activityRanks(db, rows.map((r) => ({ no: r.no, points: r.points })));
  return rows.map((r) => ({
    ...NO_HIT,
    key: r.userId,
    title: r.nickName,
    href: `/space/${encodeURIComponent(r.userId)}`,
    place: '',
    author: { userId: r.userId, nickName: r.nickName, levelKey: ranks.get(r.no) ?? null },
  }));
}

/** Products from the pickers' search over the in-memory index (products/search.ts), best first. */
async function productHits(db: Db, q: string, page: number, pageSize: number) {
  const list = searchProducts(await productIndex(db), q);
  const items: SearchHit[] = list.slice((page - 1) * pageSize, page * pageSize).map((p) => {
    const card = productCard(p);
    return {
      ...NO_HIT,
      key: card.key,
      title: `${card.brand} ${card.name}`,
      href: `/info/view/${encodeURIComponent(card.key)}`,
      place: card.summary,
      thumbUrl: card.thumbUrl,
    };
  });
  return { total: list.length, capped: false, items };
}

