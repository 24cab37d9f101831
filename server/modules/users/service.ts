import { asc, eq, sql } from 'drizzle-orm';
import type { CheckResult } from '../../../common/api/session.js';
import { emailRule, NICK_MSG, nickNameRule, normaliseAnswer, userIdRule } from '../../../common/validation.js';
import type { Tx } from '../../db/client.js';
import { levelHistory, levels, nickHistory, users } from '../../db/schema/index.js';
import { conflict, forbidden, HttpError } from '../../lib/errors.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Sealer } from '../../lib/secret.js';
import { getSettings } from '../community/service.js';
import { TAKEN_NICK, vetNickName } from './nick-names.js';

export const TAKEN = {
  userId: '이미 사용 중인 아이디입니다.',
  nickName: TAKEN_NICK,
  email: '이미 가입된 이메일입니다.',
} as const;

const FREE = { userId: '사용할 수 있는 아이디입니다.', nickName: '사용할 수 있는 닉네임입니다.', email: '사용할 수 있는 이메일입니다.' } as const;

type Field = keyof typeof TAKEN;

/** Is the value taken? userIds are never reused, not even after withdrawal. */
async function isTaken(db: Tx, field: Field, value: string): Promise<boolean> {
  const column = field === 'userId' ? users.userId : field === 'nickName' ? users.nickName : users.email;
  const rows = await db.select({ no: users.no }).from(users).where(eq(column, value)).limit(1);
  return rows.length > 0;
}

const RULES = { userId: userIdRule, nickName: nickNameRule, email: emailRule } as const;

export async function checkAvailable(db: Tx, field: Field, raw: string): Promise<CheckResult> {
  const parsed = RULES[field].safeParse(raw);
  if (!parsed.success) return { available: false, message: parsed.error.issues[0]?.message ?? '' };
  if (field === 'nickName') {
    try {
      await vetNickName(db, parsed.data, { admin: false });
    } catch (e) {
      if (e instanceof HttpError) return { available: false, message: e.message };
      throw e;
    }
  } else if (await isTaken(db, field, parsed.data)) {
    return { available: false, message: TAKEN[field] };
  }
  return { available: true, message: FREE[field] };
}

export interface NewMember {
  userId: string;
  password: string;
  nickName: string;
  email: string;
  question: string;
  answer: string;
  admin?: boolean;
}

/** A member who signs up with Kakao or Naver: no password, question or answer. */
export interface ProviderMember {
  userId: string;
  nickName: string;
  /** Only an address the provider said is verified (stored as verified), or none. */
  email: string | null;
}

/** The stored hash of a member without a password: no password ever matches it. */
export const NO_PASSWORD = '!none';

/** Creates a member at the lowest level with its first history rows; refuses taken values. */
export async function createMember(db: Tx, sealer: Sealer, input: NewMember | ProviderMember): Promise<number> {
  const withPassword = 'password' in input ? input : null;
  for (const field of ['userId', 'email'] as const) {
    const value = input[field];
    if (value !== null && (await isTaken(db, field, value))) throw conflict(TAKEN[field], `${field}_taken`);
  }
  const admin = withPassword?.admin ?? false;
  const nickSkeleton = await vetNickName(db, input.nickName, { admin });
  const passwordHash = withPassword ? await hashPassword(withPassword.password) : NO_PASSWORD;
  try {
    return await db.transaction(async (tx) => {
      const [level] = await tx.select().from(levels).orderBy(asc(levels.minPoints)).limit(1);
      const [row] = await tx
        .insert(users)
        .values({
          userId: input.userId,
          passwordHash,
          nickName: input.nickName,
          nickSkeleton,
          email: input.email,
          emailVerifiedAt: !withPassword && input.email !== null ? new Date() : null,
          question: withPassword?.question ?? null,
          answerEnc: withPassword ? sealer.seal(normaliseAnswer(withPassword.answer)) : null,
          levelId: level?.id,
          admin,
        })
        .returning({ no: users.no });
      const no = row!.no;
      await tx.insert(nickHistory).values({ userNo: no, content: `가입 시 닉네임: ${input.nickName}` });
      if (level) await tx.insert(levelHistory).values({ userNo: no, content: `가입: ${level.name}` });
      return no;
    });
  } catch (e) {
    throw asTakenConflict(e);
  }
}

/**
 * Two members racing for the same value pass the look-up above; the unique index decides, and
 * its refusal becomes the same Korean "already taken" message. Other errors pass unchanged.
 */
export function asTakenConflict(e: unknown): unknown {
  const constraint = uniqueViolation(e);
  if (constraint === null) return e;
  if (constraint.includes('nick_skeleton')) return conflict(NICK_MSG.similar, 'nickName_similar');
  if (constraint.includes('nick')) return conflict(TAKEN.nickName, 'nickName_taken');
  if (constraint.includes('email')) return conflict(TAKEN.email, 'email_taken');
  return conflict(TAKEN.userId, 'userId_taken');
}

export async function join(db: Tx, sealer: Sealer, input: NewMember): Promise<number> {
  const settings = await getSettings(db);
  if (!settings.joinOpen) throw forbidden('지금은 회원 가입을 받지 않습니다.', 'join_closed');
  return createMember(db, sealer, input);
}

export async function countMembers(db: Tx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}
