// Admin calls for programs (registered pages) and the top menu tree (docs/product/site.md#programs-and-menus). The same rules run in the admin forms and on the server.
import { z } from 'zod';
import { isSiteOrWebLink } from '../content/urls.js';
import { topic } from '../korean.js';
import { nameText, optionalText } from '../validation.js';
import { pageOf } from './common.js';
import { isMenuIcon } from './menu-icons.js';

/** Keys the site already uses for itself (H goes home: docs/product/site.md#navigation-and-keyboard), never a menu shortKey. */
export const RESERVED_SHORT_KEYS: ReadonlyArray<{ key: string; use: string }> = [{ key: 'H', use: '홈으로 가기' }];

export const ProgramId = z
  .string({ error: '프로그램 아이디를 입력해 주세요.' })
  .trim()
  .min(1, '프로그램 아이디를 입력해 주세요.')
  .max(40, '프로그램 아이디는 40자까지 입력할 수 있습니다.')
  .regex(/^[a-z0-9-]+$/, '프로그램 아이디는 영문 소문자, 숫자와 -만 쓸 수 있습니다.');

const PageNumber = z.number().int().min(1).max(10_000).default(1);

export const ProgramListQuery = z.object({
  page: PageNumber,
  search: z.string().trim().max(60, '검색어는 60자까지 입력할 수 있습니다.').optional(),
  sort: z.enum(['id', 'name', 'url']).default('id'),
});
export type ProgramListQuery = z.input<typeof ProgramListQuery>;

export const ProgramRow = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  /** How many menu entries point at it (a used program cannot be deleted). */
  menuCount: z.number(),
});
export type ProgramRow = z.infer<typeof ProgramRow>;
export const ProgramPage = pageOf(ProgramRow);

export const ProgramSave = z.object({
  id: ProgramId,
  name: nameText('프로그램 이름', 40),
  url: z
    .string({ error: '주소를 입력해 주세요.' })
    .trim()
    .min(1, '주소를 입력해 주세요.')
    .max(300, '주소는 300자까지 입력할 수 있습니다.')
    .refine(isSiteOrWebLink, '주소는 /로 시작하는 사이트 안 주소나 http(s)://로 시작하는 주소로 입력해 주세요.'),
  /** true: a new program (an id already taken is refused); false: edit the existing one. */
  create: z.boolean().default(false),
});
export type ProgramSave = z.input<typeof ProgramSave>;
export const ProgramDelete = z.object({ id: ProgramId });

/** A shortKey already taken: by the site itself (`use` says for what) or by another menu entry. */
export const SHORT_KEY_MSG = {
  reserved: (key: string, use: string) => `${topic(`단축키 ${key}`)} 사이트가 이미 쓰는 키입니다(${use}).`,
  taken: (key: string, other: string) => `${topic(`단축키 ${key}`)} '${other}' 메뉴가 이미 쓰고 있습니다.`,
};

export const ShortKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]?$/, '단축키는 영문자나 숫자 한 글자로 입력해 주세요.')
  .transform((k) => k.toUpperCase())
  .refine((k) => !RESERVED_SHORT_KEYS.some((r) => r.key === k), {
    error: (issue) => {
      const hit = RESERVED_SHORT_KEYS.find((r) => r.key === issue.input);
      return SHORT_KEY_MSG.reserved(String(issue.input), hit?.use ?? '');
    },
  });

const Icon = z.string().trim().max(60).refine(isMenuIcon, '아이콘은 목록에서 골라 주세요.');

export const MenuItemInput = z.object({
  /** Empty (or invisible only): the program's name is shown. */
  label: optionalText('메뉴 이름', 30).default(''),
  programId: z.string({ error: '메뉴 항목의 프로그램을 골라 주세요.' }).trim().min(1, '메뉴 항목의 프로그램을 골라 주세요.'),
  shortKey: ShortKey.default(''),
  icon: Icon.default(''),
  target: z.enum(['', '_blank'], { error: '여는 방식을 골라 주세요.' }).default(''),
  visible: z.boolean().default(true),
});
export type MenuItemInput = z.input<typeof MenuItemInput>;

export const MenuGroupInput = z.object({
  label: nameText('그룹 이름', 30),
  icon: Icon.default(''),
  visible: z.boolean().default(true),
  items: z.array(MenuItemInput).max(40, '한 그룹에는 메뉴를 40개까지 넣을 수 있습니다.').default([]),
});
export type MenuGroupInput = z.input<typeof MenuGroupInput>;

/**
 * The whole tree, as menu/save replaces it: groups in order, each with its items in order. A
 * shortKey used twice is checked with shortKeyClash (the server names the other entry's program).
 */
export const MenuTreeSave = z.object({
  groups: z.array(MenuGroupInput, { error: '그룹을 하나 이상 만들어 주세요.' }).min(1, '그룹을 하나 이상 만들어 주세요.').max(20, '그룹은 20개까지 만들 수 있습니다.'),
});
export type MenuTreeSave = z.input<typeof MenuTreeSave>;

/** The first item that reuses another item's shortKey, with a message naming the other entry. */
export function shortKeyClash(groups: ReadonlyArray<{ label?: string; items?: ReadonlyArray<{ label?: string; shortKey?: string; programId?: string }> }>, names: Record<string, string> = {}) {
  const seen = new Map<string, string>();
  for (const [g, group] of groups.entries()) {
    for (const [i, item] of (group.items ?? []).entries()) {
      const key = (item.shortKey ?? '').trim().toUpperCase();
      if (!key) continue;
      const name = item.label?.trim() || names[item.programId ?? ''] || item.programId || '';
      const other = seen.get(key);
      if (other !== undefined) return { group: g, item: i, key, other, message: SHORT_KEY_MSG.taken(key, other) };
      seen.set(key, name);
    }
  }
  return null;
}

export const MenuItemRow = z.object({
  id: z.number(),
  label: z.string(),
  programId: z.string(),
  shortKey: z.string(),
  icon: z.string(),
  target: z.enum(['', '_blank']),
  visible: z.boolean(),
});
export type MenuItemRow = z.infer<typeof MenuItemRow>;
export const MenuGroupRow = z.object({ id: z.number(), label: z.string(), icon: z.string(), visible: z.boolean(), items: z.array(MenuItemRow) });
export type MenuGroupRow = z.infer<typeof MenuGroupRow>;

/** menu/list: the tree, every program to choose from, and the keys the site keeps for itself. */
export const MenuTree = z.object({
  groups: z.array(MenuGroupRow),
  programs: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  reservedKeys: z.array(z.object({ key: z.string(), use: z.string() })),
});
export type MenuTree = z.infer<typeof MenuTree>;

/**
 * menu/order: moves one entry. A group moves with its items to position `index` among the
 * groups; an item moves into group `groupId` at position `index` among its items.
 */
export const MenuOrder = z.object({
  id: z.number({ error: '옮길 메뉴를 찾을 수 없습니다.' }).int().positive('옮길 메뉴를 찾을 수 없습니다.'),
  groupId: z.number().int().positive().optional(),
  index: z.number({ error: '옮길 위치를 확인해 주세요.' }).int().min(0, '옮길 위치를 확인해 주세요.').max(1000, '옮길 위치를 확인해 주세요.'),
});
export type MenuOrder = z.input<typeof MenuOrder>;
