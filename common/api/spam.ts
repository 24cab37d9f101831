// Keeping spam out (docs/product/spam.md): the proof-of-work challenge a browser solves before
// signing up and while its member is new, the new-member rules in the community settings, and the
// administrator's queue of held content.
import { z } from 'zod';
import { object, topic } from '../korean.js';
import { pageOf } from './common.js';

/** The header that carries a solved challenge (ALTCHA's base64 payload) with a write. */
export const SPAM_PROOF_HEADER = 'x-altcha';
/** A payload is a few hundred characters; anything far longer is not one. */
export const SPAM_PROOF_MAX = 4000;

export const SpamPurpose = z.enum(['join', 'post', 'comment', 'letter'], { message: '확인할 작업을 골라 주세요.' });
export type SpamPurpose = z.infer<typeof SpamPurpose>;

/** /api/spam/challenge */
export const SpamChallengeQuery = z.object({ purpose: SpamPurpose });
export type SpamChallengeQuery = z.input<typeof SpamChallengeQuery>;

/** ALTCHA's challenge (proof of work v2), as the widget takes it. */
export const SpamChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().int().optional(),
    data: z.object({ purpose: z.string() }).optional(),
  }),
  signature: z.string().optional(),
});
export type SpamChallenge = z.infer<typeof SpamChallenge>;

/** null: this caller need not solve one for this purpose (a member past the new-member rules). */
export const SpamChallengeAnswer = z.object({ challenge: SpamChallenge.nullable() });
export type SpamChallengeAnswer = z.infer<typeof SpamChallengeAnswer>;

const whole = (name: string, min: number, max: number) =>
  z
    .number({ message: `${object(name)} 숫자로 입력해 주세요.` })
    .int(`${topic(name)} 정수로 입력해 주세요.`)
    .min(min, `${topic(name)} ${min} 이상으로 입력해 주세요.`)
    .max(max, `${topic(name)} ${max.toLocaleString('ko-KR')} 이하로 입력해 주세요.`);

/** The new-member rules (community settings, /api/admin/spam/*). */
export const SpamSettings = z.object({
  /** A member is new for this many days after joining (0: days alone never make one new). */
  newMemberDays: whole('새 회원 기간', 0, 365),
  /** …or while below this level (its id; null: no level rule). */
  newMemberLevelId: z
    .number({ message: '새 회원으로 볼 등급을 다시 골라 주세요.' })
    .int('새 회원으로 볼 등급을 다시 골라 주세요.')
    .positive('새 회원으로 볼 등급을 다시 골라 주세요.')
    .nullable(),
  /** Posts a new member may write in an hour. */
  postsPerHour: whole('시간당 글 수', 1, 100),
  /** Different members whose reports put a member on hold for review. */
  holdReports: whole('보류 신고 수', 2, 100),
});
export type SpamSettings = z.infer<typeof SpamSettings>;
export const SPAM_DEFAULTS: SpamSettings = { newMemberDays: 3, newMemberLevelId: null, postsPerHour: 5, holdReports: 3 };

export const SpamSettingsInfo = z.object({
  settings: SpamSettings,
  levels: z.array(z.object({ id: z.number().int(), name: z.string(), minPoints: z.number().int() })),
});
export type SpamSettingsInfo = z.infer<typeof SpamSettingsInfo>;

export const HeldKind = z.enum(['post', 'comment', 'letter'], { message: '보류된 내용의 종류를 확인해 주세요.' });
export type HeldKind = z.infer<typeof HeldKind>;

const HeldId = z
  .number({ message: '보류된 내용을 찾을 수 없습니다.' })
  .int('보류된 내용을 찾을 수 없습니다.')
  .min(1, '보류된 내용을 찾을 수 없습니다.')
  .max(2_147_483_647, '보류된 내용을 찾을 수 없습니다.');

export const HeldListQuery = z.object({
  page: z
    .number({ message: '페이지 번호를 확인해 주세요.' })
    .int('페이지 번호를 확인해 주세요.')
    .min(1, '페이지 번호를 확인해 주세요.')
    .max(100000, '페이지 번호를 확인해 주세요.')
    .default(1),
});

export const HeldItem = z.object({
  id: z.number().int(),
  kind: HeldKind,
  targetKey: z.number().int(),
  heldAt: z.string(),
  author: z.object({ userId: z.string(), nickName: z.string() }),
  /** The author is still held for review (not yet released as a member). */
  authorHeld: z.boolean(),
  subject: z.string(),
  excerpt: z.string(),
  boardName: z.string(),
  /** Where it can be read (null for a letter). */
  url: z.string().nullable(),
});
export type HeldItem = z.infer<typeof HeldItem>;
export const HeldPage = pageOf(HeldItem);
export type HeldPage = z.infer<typeof HeldPage>;

/** Release shows it to everyone; remove deletes it. `member` also ends the author's hold. */
export const HeldDecision = z.object({ id: HeldId, member: z.boolean({ message: '작성자의 보류도 끝낼지 골라 주세요.' }).default(false) });
export type HeldDecision = z.input<typeof HeldDecision>;
export const HeldDecided = z.object({ message: z.string() });
