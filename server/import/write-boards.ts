// Boards and their categories, from any engine. A board whose id the site already uses is joined
// when it is an ordinary board (a fresh site's 자유게시판 takes the old free board's posts); the
// site's own kinds (market, gallery, site pages) are never joined: the old board gets a new id.
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { boardCategories, boards } from '../db/schema/index.js';
import { forgetBoards } from '../modules/posts/board-rules.js';
import { GALLERY_BOARD, MARKET_BOARD } from '../modules/posts/kinds.js';
import { type ImportContext, wrote } from './context.js';
import { mappedIds, recordMapped } from './import-map.js';
import { inTransaction } from './write-members.js';

export interface BoardRecord {
  oldId: string;
  name: string;
  description: string;
  sort: number;
  /** Site level orders (0 for visitors), already mapped from the old levels. */
  readLevel: number;
  writeLevel: number;
  commentLevel: number;
  adminOnly: boolean;
  categories: string[];
  /** 비밀글 and 답글 as the old board had them (decision 39); absent: off. */
  secretPosts?: 'off' | 'allowed' | 'always';
  answers?: boolean;
}

/** What a board became: its id, its categories' codes by name, the code of posts without one. */
export interface BoardTarget {
  boardId: string;
  codes: Map<string, string>;
  fallback: string;
}

const NEVER_JOINED = new Set([MARKET_BOARD, GALLERY_BOARD, 'site', 'manual']);
const BOARD_ID = /^[a-z0-9_-]{1,30}$/;

/** A new board of the site with the old board's name, levels and settings. */
const insertBoard = (tx: Tx, id: string, b: BoardRecord) =>
  tx.insert(boards).values({
    id,
    name: b.name.slice(0, 50) || id,
    description: b.description.slice(0, 200),
    sort: b.sort,
    readLevel: b.readLevel,
    writeLevel: b.writeLevel,
    commentLevel: b.commentLevel,
    adminOnly: b.adminOnly,
    secretPosts: b.secretPosts ?? 'off',
    answers: b.answers ?? false,
  });

export async function writeBoards(ctx: ImportContext, records: BoardRecord[]): Promise<Map<string, BoardTarget>> {
  const targets = new Map<string, BoardTarget>();
  const mapped = await mappedIds(ctx.db, ctx.source, 'board', records.map((b) => b.oldId));
  await inTransaction(ctx, async (tx) => {
      for (const b of records) {
        let boardId = mapped.get(b.oldId)?.newId ?? null;
        const isNew = boardId === null;
        if (boardId === null) {
          const wanted = b.oldId.toLowerCase();
          const base = BOARD_ID.test(wanted) ? wanted : `board${records.indexOf(b) + 1}`;
          const [existing] = await tx.select({ id: boards.id }).from(boards).where(eq(boards.id, base));
          if (!existing) {
            boardId = base;
            if (!ctx.dryRun) await insertBoard(tx, boardId, b);
            ctx.report.note('게시판', base === wanted ? 'imported' : 'changed', b.oldId, base === wanted ? '' : `게시판 아이디를 ${base}로 바꿈`);
          } else if (!NEVER_JOINED.has(base)) {
            boardId = base;
            ctx.report.note('게시판', 'changed', b.oldId, '사이트에 같은 아이디의 게시판이 있어 그 게시판에 합침 (권한 설정은 사이트의 것을 유지)');
          } else {
            for (let n = 1; ; n++) {
              const candidate = `${base.slice(0, 24)}_old${n === 1 ? '' : n}`;
              const [other] = await tx.select({ id: boards.id }).from(boards).where(eq(boards.id, candidate));
              if (!other) {
                boardId = candidate;
                break;
              }
            }
            if (!ctx.dryRun) await insertBoard(tx, boardId, b);
            ctx.report.note('게시판', 'changed', b.oldId, `사이트의 ${base} 게시판과 겹쳐 ${boardId}로 가져옴`);
          }
          if (!ctx.dryRun) await recordMapped(tx, ctx.source, 'board', [{ oldId: b.oldId, newId: boardId }]);
        } else {
          ctx.report.note('게시판', 'skipped', b.oldId, '이미 가져옴');
        }
        // Categories: the site's codes c1, c2 … by name; a new name gets the next code.
        const have = ctx.dryRun && isNew ? [] : await tx.select({ code: boardCategories.code, name: boardCategories.name, sort: boardCategories.sort }).from(boardCategories).where(eq(boardCategories.boardId, boardId));
        const codes = new Map(have.map((c) => [c.name, c.code]));
        let next = Math.max(0, ...have.map((c) => Number(c.code.slice(1)) || 0)) + 1;
        let sort = Math.max(0, ...have.map((c) => c.sort)) + 1;
        const wanted = b.categories.length ? b.categories : have.length ? [] : ['일반'];
        for (const name of wanted) {
          if (codes.has(name)) continue;
          const code = `c${next++}`;
          codes.set(name, code);
          if (!ctx.dryRun) await tx.insert(boardCategories).values({ boardId, code, name: name.slice(0, 30), sort: sort++ });
        }
        const first = [...codes.values()].sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)))[0] ?? 'c1';
        targets.set(b.oldId, { boardId, codes, fallback: first });
      }
  });
  if (!ctx.dryRun) {
    forgetBoards(ctx.db);
    wrote(ctx, 0);
  }
  return targets;
}
