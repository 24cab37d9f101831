// Previews of lists: a board (or one of its categories) and the lists across boards. Read from
// the per-node copy of the boards: no query of their own.
import { LIST_NAMES } from '../../../common/constants.js';
import type { Db } from '../../db/client.js';
import { allBoards } from '../posts/board-rules.js';
import { can, VISITOR } from '../posts/policy.js';
import { type Preview, shorten, SITE } from './preview.js';

const pagePath = (base: string, page: string | undefined) => (page && /^[1-9]\d{0,6}$/.test(page) && page !== '1' ? `${base}/${page}` : base);

/** /board/{board}/{category}/list/{page}: a board visitors may read, else the site. */
export async function boardListPreview(db: Db, boardId: string, category: string, page?: string): Promise<Preview> {
  const board = (await allBoards(db)).get(boardId);
  if (!board || !can(VISITOR, 'read', board)) return SITE;
  const cat = category === 'c0' ? undefined : board.categories.find((c) => c.code === category);
  const code = cat ? cat.code : 'c0';
  return {
    title: cat ? `${board.name} · ${cat.name}` : board.name,
    description: shorten(board.description || `${board.name} 게시판입니다.`),
    image: null,
    path: pagePath(`/board/${encodeURIComponent(board.id)}/${code}/list`, page),
  };
}

/** /board/{board}/summary: the board's own preview, with the summary's address. */
export async function boardSummaryPreview(db: Db, boardId: string): Promise<Preview> {
  const list = await boardListPreview(db, boardId, 'c0');
  return list === SITE ? SITE : { ...list, path: `/board/${encodeURIComponent(boardId)}/summary` };
}

/** /all/list and /all/topic: what every open board has, newest or most read. */
export function crossListPreview(kind: 'all' | 'topic', page?: string): Preview {
  return {
    title: LIST_NAMES[kind],
    description: kind === 'all' ? '모든 게시판의 새 글을 한곳에서 봅니다.' : '여러 게시판에서 많이 읽힌 글을 모았습니다.',
    image: null,
    path: pagePath(kind === 'all' ? '/all/list' : '/all/topic', page),
  };
}
