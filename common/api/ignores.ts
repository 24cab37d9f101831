// Ignoring a member (docs/product/members.md#ignoring-a-member, decision 46): one list per member
// that folds the ignored member's posts, comments, market and gallery items in the app and stops
// their letters, mentions and other alarms. Silent: the ignored member is never told.
import { z } from 'zod';
import { requiredText } from '../validation.js';

/** How many members one member may ignore (the set travels with the session answer). */
export const IGNORE_MAX = 500;
export const IGNORE_PAGE_SIZE = 20;

/** /api/user/ignore and /api/user/unignore: the member by userId. */
export const IgnoreForm = z.strictObject({ userId: requiredText('아이디', 20) });
export type IgnoreForm = z.infer<typeof IgnoreForm>;

/** The answer of ignore and unignore: the caller's whole set now, for the app to fold by. */
export const IgnoreResult = z.object({ ok: z.literal(true), ignored: z.array(z.string()) });
export type IgnoreResult = z.infer<typeof IgnoreResult>;

/** /api/user/ignored: the caller's list, newest first, 20 a page. */
export const IgnoredQuery = z.strictObject({
  page: z
    .number({ error: '쪽 번호를 숫자로 보내 주세요.' })
    .int('쪽 번호를 숫자로 보내 주세요.')
    .min(1, '쪽 번호는 1 이상이어야 합니다.')
    .max(1_000, '쪽 번호가 너무 큽니다.')
    .default(1),
});
export type IgnoredQuery = z.input<typeof IgnoredQuery>;

export const IgnoredMember = z.object({
  userId: z.string(),
  /** A member who withdrew shows by userId (their nickname is gone). */
  nickName: z.string(),
  levelKey: z.number().int().nullable(),
  /** ISO 8601. */
  ignoredAt: z.string(),
});
export type IgnoredMember = z.infer<typeof IgnoredMember>;

export const IgnoredPage = z.object({
  items: z.array(IgnoredMember),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type IgnoredPage = z.infer<typeof IgnoredPage>;
