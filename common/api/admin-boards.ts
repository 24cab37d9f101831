// Admin board calls (/api/admin/board/...): the contract between the boardManage page and the
// server. Levels are level orders: 0 = visitors, 1 = the lowest member level, 2 the next …
import { z } from 'zod';
import { nameText, optionalText } from '../validation.js';
import { pageOf } from './common.js';

/** A board's address word (/board/<id>/c0/list). */
export const BoardSlug = z
  .string({ error: '게시판 주소를 입력해 주세요.' })
  .trim()
  .regex(/^[a-z0-9-]{2,20}$/, '게시판 주소는 영문 소문자, 숫자, -로 2~20자여야 합니다.');
/** An existing board's id (older boards may hold '_' or be longer). */
const BoardRef = z.string({ error: '게시판을 찾을 수 없습니다.' }).regex(/^[a-z0-9_-]{1,30}$/, '게시판을 찾을 수 없습니다.');
const CategoryCode = z.string({ error: '분류를 찾을 수 없습니다.' }).regex(/^c\d{1,3}$/, '분류를 찾을 수 없습니다.');

const level = (what: string, min: number) =>
  z
    .number({ error: `${what} 등급을 골라 주세요.` })
    .int(`${what} 등급을 골라 주세요.`)
    .min(min, `${what} 등급을 확인해 주세요.`)
    .max(99, `${what} 등급을 확인해 주세요.`);
const points = (what: string) =>
  z
    .number({ error: `${what} 포인트는 0에서 1,000 사이의 정수로 입력해 주세요.` })
    .int(`${what} 포인트는 0에서 1,000 사이의 정수로 입력해 주세요.`)
    .min(0, `${what} 포인트는 0에서 1,000 사이의 정수로 입력해 주세요.`)
    .max(1000, `${what} 포인트는 0에서 1,000 사이의 정수로 입력해 주세요.`)
    .nullable()
    .default(null);

export const AdminBoardListQuery = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  search: z.string().trim().max(40, '검색어는 40자까지 입력할 수 있습니다.').optional(),
});

export const AdminBoardCategory = z.object({
  code: z.string(),
  name: z.string(),
  /** Live posts in the category. */
  posts: z.number().int(),
});

export const AdminBoardRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
  readLevel: z.number().int(),
  writeLevel: z.number().int(),
  commentLevel: z.number().int(),
  adminOnly: z.boolean(),
  noticeOnly: z.boolean(),
  hidden: z.boolean(),
  pointsPost: z.number().int().nullable(),
  pointsComment: z.number().int().nullable(),
  /** 비밀글 and 답글 (decision 39). */
  secretPosts: z.enum(['off', 'allowed', 'always']),
  answers: z.boolean(),
  /** Live posts on the board. */
  posts: z.number().int(),
  /** True when any post (deleted ones too) is on it: the address is then fixed and it cannot be deleted. */
  hasPosts: z.boolean(),
  categories: z.array(AdminBoardCategory),
  /** The board's managers (docs/product/board-managers.md). */
  managers: z.array(z.object({ userId: z.string(), nickName: z.string() })),
});
export type AdminBoardRow = z.infer<typeof AdminBoardRow>;

/** The member levels in order (order 1 = the lowest), for the level pickers. */
export const AdminLevel = z.object({ order: z.number().int(), name: z.string(), minPoints: z.number().int() });

export const AdminBoardPage = pageOf(AdminBoardRow).extend({
  levels: z.array(AdminLevel),
  /** The community setup's points for a post and a comment (what null means). */
  defaultPoints: z.object({ post: z.number().int(), comment: z.number().int() }),
});

/** A category in the editor: code for one that exists, none for a new one; the list's order is the order. */
export const AdminBoardCategoryDraft = z.object({
  code: CategoryCode.optional(),
  name: nameText('분류 이름', 20),
});

/** Create (no originalId) or edit (originalId, the board's id before this save) a board. */
export const AdminBoardSave = z.object({
  originalId: BoardRef.optional(),
  id: BoardSlug,
  name: nameText('게시판 이름', 30),
  description: optionalText('설명', 200).default(''),
  readLevel: level('읽기', 0),
  writeLevel: level('글쓰기', 1),
  commentLevel: level('댓글', 1),
  adminOnly: z.boolean().default(false),
  noticeOnly: z.boolean().default(false),
  hidden: z.boolean().default(false),
  /** 비밀글: off, the writer's choice, or every post (decision 39). */
  secretPosts: z.enum(['off', 'allowed', 'always'], { error: '비밀글 사용을 골라 주세요.' }).default('off'),
  /** 답글 사용. */
  answers: z.boolean().default(false),
  pointsPost: points('글'),
  pointsComment: points('댓글'),
  /** The board's managers by member id; absent keeps the board's as they are. */
  managers: z
    .array(
      z
        .string({ error: '매니저 아이디를 확인해 주세요.' })
        .trim()
        .regex(/^[A-Za-z0-9_.-]{1,40}$/, '매니저 아이디를 확인해 주세요.'),
      { error: '매니저 아이디를 확인해 주세요.' },
    )
    .max(20, '매니저는 게시판마다 20명까지 둘 수 있습니다.')
    .optional(),
  categories: z
    .array(AdminBoardCategoryDraft, { error: '분류를 하나 이상 넣어 주세요.' })
    .min(1, '분류를 하나 이상 넣어 주세요.')
    .max(30, '분류는 30개까지 넣을 수 있습니다.')
    .refine((list) => new Set(list.map((c) => c.name.trim())).size === list.length, '같은 이름의 분류가 두 번 들어 있습니다.'),
});
export const AdminBoardSaved = z.object({ id: z.string() });

export const AdminBoardDelete = z.object({ id: BoardRef });

/**
 * A new order for some boards (a page, or all of them): they take the places these boards hold
 * now, in the order given; the boards not listed keep theirs.
 */
export const AdminBoardOrder = z.object({
  ids: z
    .array(BoardRef)
    .min(1, '순서를 바꿀 게시판이 없습니다.')
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, '같은 게시판이 두 번 들어 있습니다.'),
});

/** Moves every post of category `from` into `into` (same board), then removes `from`. */
export const AdminCategoryMerge = z.object({ boardId: BoardRef, from: CategoryCode, into: CategoryCode });
export const AdminCategoryMerged = z.object({ moved: z.number().int() });
