// Nicknames that look like someone else's: the one rule every nickname write goes through
// (sign-up, profile change and, once it exists, the administrator's member editor). See
// docs/decisions/0015-nickname-skeletons.md.
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import { NICK_MSG } from '../../../common/validation.js';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { getSettings } from '../community/service.js';

/** Names only the staff may hold, in any disguise; the community's site name is added to them. */
export const RESERVED_NICKNAMES = ['운영자', '관리자', '운영진', 'admin', 'administrator', 'system'] as const;

export const TAKEN_NICK = '이미 사용 중인 닉네임입니다.';

/** Spaces, punctuation and symbols: `운 영 자`, `운영자!` and `admin★` read as the bare name. */
const MARKS = /[\p{Z}\p{P}\p{S}\s]/gu;

/**
 * The look-alike key of a (cleaned) nickname: NFKC (which also folds the Hangul jamo the stored
 * name keeps as typed), then the UTS #39 skeleton (NFD, Unicode confusables
 * mapped to their prototype, NFD again) taken case-insensitively — lower case before and after
 * the mapping, since the prototypes mix cases (`0` maps to `O`) — without spaces or marks.
 * Cyrillic `аdmin`, `ADMIN` and `adrnin` share one key; Hangul keeps its jamo, so different
 * Korean names stay apart.
 */
export function nickSkeleton(nickName: string): string {
  const map = (s: string) => unhomoglyph(s.normalize('NFD')).normalize('NFD');
  return map(map(nickName.normalize('NFKC').toLowerCase()).toLowerCase()).toLowerCase().replace(MARKS, '');
}

export interface NickOwner {
  /** The member whose nickname this is (left out at sign-up); their own name is no conflict. */
  userNo?: number;
  /** Administrators may hold reserved names (the first administrator is 운영자). */
  admin: boolean;
}

/**
 * Refuses a nickname that is reserved or looks like another member's, and answers the skeleton
 * to store with it. The caller has cleaned the name with nickNameRule (common/validation.ts).
 * The unique index on users.nick_skeleton settles races (see asTakenConflict). Every nickname
 * write calls this, including an administrator's edit of a member (pass that member as owner).
 */
export async function vetNickName(db: Tx, nickName: string, owner: NickOwner): Promise<string> {
  const skeleton = nickSkeleton(nickName);
  if (!owner.admin && (await reservedSkeletons(db)).has(skeleton)) throw badRequest(NICK_MSG.reserved, 'nickName_reserved');
  const [other] = await db
    .select({ nickName: users.nickName })
    .from(users)
    .where(and(eq(users.nickSkeleton, skeleton), owner.userNo === undefined ? undefined : ne(users.no, owner.userNo)))
    .limit(1);
  if (other) {
    throw other.nickName === nickName ? conflict(TAKEN_NICK, 'nickName_taken') : conflict(NICK_MSG.similar, 'nickName_similar');
  }
  return skeleton;
}

async function reservedSkeletons(db: Tx): Promise<Set<string>> {
  const { siteName } = await getSettings(db);
  return new Set([...RESERVED_NICKNAMES, siteName].map(nickSkeleton).filter((s) => s !== ''));
}

/**
 * Start-up: members stored before nick_skeleton existed get theirs. Should two old names look
 * alike, the second keeps its name without a key (and must pass the rule when it next changes).
 */
export async function backfillNickSkeletons(db: Tx): Promise<number> {
  const rows = await db
    .select({ no: users.no, nickName: users.nickName })
    .from(users)
    .where(and(isNotNull(users.nickName), isNull(users.nickSkeleton)));
  let filled = 0;
  for (const row of rows) {
    const skeleton = nickSkeleton(row.nickName!);
    const done = await db
      .update(users)
      .set({ nickSkeleton: skeleton })
      .where(
        and(
          eq(users.no, row.no),
          sql`not exists (select 1 from ${users} u2 where u2.nick_skeleton = ${skeleton})`,
        ),
      )
      .returning({ no: users.no });
    filled += done.length;
  }
  return filled;
}
