// Member management calls for administrators (issue 11 "Members"; server/modules/users/admin-*.ts).
import { z } from 'zod';
import { emailRule, nickNameRule, requiredText } from '../validation.js';
import { pageOf } from './common.js';

export const USER_STATUSES = ['active', 'suspended', 'withdrawn'] as const;
export const UserStatus = z.enum(USER_STATUSES, { message: '회원 상태를 골라 주세요.' });
export type UserStatus = z.infer<typeof UserStatus>;

/** The longest suspension with an end date; longer ones are "until further notice" (null). */
export const SUSPEND_MAX_DAYS = 3650;

const UserNo = z.number({ error: '회원을 찾을 수 없습니다.' }).int('회원을 찾을 수 없습니다.').positive('회원을 찾을 수 없습니다.');

const PageNumber = z
  .number({ message: '페이지 번호를 확인해 주세요.' })
  .int('페이지 번호를 확인해 주세요.')
  .min(1, '페이지 번호를 확인해 주세요.')
  .max(100000, '페이지 번호를 확인해 주세요.')
  .default(1);

export const USER_SORTS = ['joined', 'points', 'lastLogin'] as const;

export const AdminUserListQuery = z.object({
  page: PageNumber,
  /** Part of the userId, nickname or email (case-insensitive). */
  search: z.string().trim().max(60, '검색어는 60자까지 입력할 수 있습니다.').optional(),
  status: UserStatus.optional(),
  admin: z.boolean({ error: '관리자 여부를 골라 주세요.' }).optional(),
  /** Newest member, most points, most recent login first. */
  sort: z.enum(USER_SORTS, { message: '정렬 방법을 골라 주세요.' }).default('joined'),
});

export const AdminUserRow = z.object({
  no: z.number().int(),
  userId: z.string(),
  nickName: z.string(),
  email: z.string(),
  /** A suspension whose end has passed reads as 'active'. */
  status: UserStatus,
  admin: z.boolean(),
  real: z.boolean(),
  points: z.number().int(),
  levelName: z.string(),
  joinDate: z.string(),
  lastLoginAt: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;
export const AdminUserPage = pageOf(AdminUserRow);

export const AdminUserViewQuery = z.object({ userNo: UserNo });

const HistoryLine = z.object({ content: z.string(), regDate: z.string() });

export const AdminUserView = z.object({
  user: AdminUserRow.extend({
    levelId: z.number().int().nullable(),
    suspendReason: z.string().nullable(),
    /** The admin's word on selling in the market (null: the level decides). */
    canMarket: z.boolean().nullable(),
    /** Whether the member may sell now (the admin's word, else the level's). */
    marketAllowed: z.boolean(),
  }),
  /** Every level, lowest first, for the level picker. */
  levels: z.array(z.object({ id: z.number().int(), name: z.string(), minPoints: z.number().int() })),
  /** The latest 50 ledger lines, newest first. */
  ledger: z.array(z.object({ amount: z.number().int(), reason: z.string(), createdAt: z.string() })),
  nickHistory: z.array(HistoryLine),
  levelHistory: z.array(HistoryLine),
  /** The latest 10 posts, deleted ones included (marked). */
  posts: z.array(
    z.object({ key: z.number().int(), boardId: z.string(), boardName: z.string(), subject: z.string(), createdAt: z.string(), deleted: z.boolean(), hidden: z.boolean() }),
  ),
  reports: z.object({
    total: z.number().int(),
    open: z.number().int(),
    /** The latest 10 reports against the member's content. */
    recent: z.array(
      z.object({
        id: z.number().int(),
        kind: z.string(),
        targetKey: z.string(),
        reason: z.string(),
        status: z.string(),
        reporter: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
});
export type AdminUserView = z.infer<typeof AdminUserView>;

/** Edit a member: nickname, email, level and the administrator flag. */
export const AdminUserSave = z.object({
  userNo: UserNo,
  nickName: nickNameRule,
  email: emailRule,
  /** null: no level. */
  levelId: z.number({ error: '등급을 골라 주세요.' }).int('등급을 골라 주세요.').positive('등급을 골라 주세요.').nullable(),
  admin: z.boolean({ error: '관리자 여부를 골라 주세요.' }),
  /**
   * Selling in the market: true allows, false refuses, null follows the member's level
   * (levels.can_market); left out, it stays as it is.
   */
  canMarket: z.boolean({ error: '장터 판매 허용 여부를 골라 주세요.' }).nullable().optional(),
});

export const AdminUserPoints = z.object({
  userNo: UserNo,
  amount: z
    .number({ error: '포인트를 숫자로 입력해 주세요.' })
    .int('포인트는 정수로 입력해 주세요.')
    .min(-1_000_000, '포인트는 -1,000,000부터 1,000,000까지 입력할 수 있습니다.')
    .max(1_000_000, '포인트는 -1,000,000부터 1,000,000까지 입력할 수 있습니다.')
    .refine((n) => n !== 0, '0이 아닌 포인트를 입력해 주세요.'),
  reason: requiredText('사유', 100),
});
export const AdminUserPointsResult = z.object({ points: z.number().int(), levelName: z.string() });

export const AdminUserSuspend = z.object({
  userNo: UserNo,
  /** 1–3650 days, or null until an administrator restores the member. */
  days: z
    .number({ error: '정지 기간을 입력해 주세요.' })
    .int('정지 기간은 일 단위 정수로 입력해 주세요.')
    .min(1, `정지 기간은 1일부터 ${SUSPEND_MAX_DAYS}일까지 입력할 수 있습니다.`)
    .max(SUSPEND_MAX_DAYS, `정지 기간은 1일부터 ${SUSPEND_MAX_DAYS}일까지 입력할 수 있습니다.`)
    .nullable(),
  reason: requiredText('정지 사유', 200),
});
export const AdminUserSuspended = z.object({ suspendedUntil: z.string().nullable() });

export const AdminUserRestore = z.object({ userNo: UserNo });
