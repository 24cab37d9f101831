import { z } from 'zod';
import {
  answerRule,
  emailRule,
  LABEL,
  msg,
  nickNameRule,
  passwordRule,
  rePasswordRule,
  questionRule,
  requiredText,
} from '../validation.js';
import { PASSWORD_MIN } from '../constants.js';
import { topic } from '../korean.js';

export const PASSWORD_PROMPT = '암호를 입력해 주세요.';

/** /api/user/myInfo: the login password, asked again. */
export const PasswordForm = z.object({
  password: z.string({ error: PASSWORD_PROMPT }).min(1, PASSWORD_PROMPT).max(100),
});

/** The profile my info shows (docs/product/members.md#my-info). joinDate is shown as YYYY-MM-DD HH:mm:ss. */
export const Profile = z.object({
  userId: z.string(),
  levelName: z.string(),
  joinDate: z.string(),
  nickName: z.string(),
  email: z.string(),
  /** The address was confirmed by a mailed link (only shown when the site has mail on). */
  emailVerified: z.boolean(),
  question: z.string(),
  answer: z.string(),
  real: z.boolean(),
  points: z.number().int(),
});
export type Profile = z.infer<typeof Profile>;

export const HistoryEntry = z.object({ content: z.string(), regDate: z.string() });
export const HistoryList = z.array(HistoryEntry);
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** Optional password: empty means "keep"; when given, at least 8 characters. */
const optionalPassword = (label: string) =>
  z
    .string()
    .max(100, msg.maxLength(label, 100))
    .refine((v) => v === '' || v.length >= PASSWORD_MIN, `${topic(label)} ${PASSWORD_MIN}자 이상이어야 합니다.`)
    .optional()
    .default('');

/** Profile save (docs/product/members.md#my-info): password/rePassword optional (min 8, equal); the rest required. */
export const UpdateForm = z
  .object({
    nickName: nickNameRule,
    email: emailRule,
    question: questionRule,
    answer: answerRule,
    password: optionalPassword(LABEL.password),
    rePassword: optionalPassword(LABEL.rePassword),
  })
  .refine((f) => f.password === f.rePassword, { message: msg.mismatch, path: ['rePassword'] });
export type UpdateForm = z.input<typeof UpdateForm>;

export const MessageResult = z.object({ message: z.string() });

/** The password reset form; each step checks the fields it uses (docs/product/members.md#password-reset). */
const resetBase = {
  userId: requiredText(LABEL.userId, 20),
  email: requiredText(LABEL.email, 100).toLowerCase(),
};
export const ResetStep1 = z.object(resetBase);
export const ResetStep2 = z.object({ ...resetBase, question: requiredText(LABEL.question, 100), answer: requiredText(LABEL.answer, 100) });
export const ResetStep3 = z
  .object({
    ...resetBase,
    question: requiredText(LABEL.question, 100),
    answer: requiredText(LABEL.answer, 100),
    password: passwordRule,
    rePassword: rePasswordRule,
  })
  .refine((f) => f.password === f.rePassword, { message: msg.mismatch, path: ['rePassword'] });
export type ResetForm = z.input<typeof ResetStep3>;
export const ResetStep1Result = z.object({ question: z.string() });

/**
 * /api/user/out: the login password again; a member without one (joined with Kakao or Naver alone)
 * sends none and leaves within the 15 minutes of a re-check through a provider or a passkey.
 */
export const WithdrawalForm = z.strictObject({
  password: z.string({ error: PASSWORD_PROMPT }).min(1, PASSWORD_PROMPT).max(100).optional(),
});
export type WithdrawalForm = z.infer<typeof WithdrawalForm>;

/** Withdrawal: what goes, what stays and what happens to trades (docs/product/members.md#withdrawal, decision 32), shown in the dialog. */
export const WITHDRAWAL_TERMS = {
  deleted: ['회원 정보(닉네임, 이메일, 비밀번호 질문과 답변)', '포인트와 등급 기록'],
  kept: ['아이디 (다시 가입에 쓸 수 없습니다)', '장터 매물과 갤러리 사진, 그 아래의 댓글'],
  trades: [
    '판매 중이거나 예약 중인 매물은 판매가 취소됩니다. 이미 거래를 마쳤다면 탈퇴 전에 ‘판매 완료’로 바꿔 주세요.',
    '입찰이 없는 진행 중인 경매는 취소됩니다.',
    '입찰이 있는 내 경매와 내가 최고 입찰자인 경매는 입찰이 사고팔겠다는 약속이므로, 경매가 끝난 뒤에 탈퇴할 수 있습니다.',
  ],
  mustDeleteFirst: '게시판의 글과 댓글은 탈퇴 전에 직접 삭제해야 합니다.',
} as const;

/** The refusals of /api/user/out (decision 32), also shown by the dialog before it is sent. */
export const WITHDRAWAL_MSG = {
  contentLeft: (posts: number, comments: number) => `게시판에 남아 있는 글 ${posts}개와 댓글 ${comments}개를 먼저 삭제해 주세요.`,
  held: (selling: number, leading: number) =>
    [selling > 0 ? `입찰이 있는 내 경매 ${selling}건` : '', leading > 0 ? `내가 최고 입찰자인 경매 ${leading}건` : '']
      .filter(Boolean)
      .join(', ') + '이 끝난 뒤에 탈퇴할 수 있습니다.',
  /** A member without a password sent one: they leave after a re-check instead. */
  noPassword: '이 계정에는 암호가 없습니다. 연결한 간편 로그인 계정이나 패스키로 본인 확인을 한 뒤 탈퇴해 주세요.',
  /** A member without a password whose re-check is missing or older than 15 minutes. */
  recheckNeeded: '보안을 위해 연결한 간편 로그인 계정이나 패스키로 본인 확인을 다시 해 주세요.',
  /** The cancel reason of the items withdrawal closes. */
  cancelReason: '판매자 탈퇴',
} as const;

/** An auction that holds the withdrawal until it ends. */
const HeldTrade = z.object({ key: z.number().int(), subject: z.string(), endsAt: z.string() });

/** /api/user/out/check: what holds the caller's withdrawal now and how many open items it would cancel. */
export const WithdrawalCheck = z.object({
  /** Board posts and comments left (market and gallery items are not counted). */
  posts: z.number().int(),
  comments: z.number().int(),
  /** Open fixed-price items and running auctions without bids: cancelled by the withdrawal. */
  openItems: z.number().int(),
  /** Running auctions the caller sells that have bids, soonest end first. */
  auctionsWithBids: z.array(HeldTrade),
  /** Running auctions the caller leads, soonest end first. */
  leading: z.array(HeldTrade),
});
export type WithdrawalCheck = z.infer<typeof WithdrawalCheck>;
