import { z } from 'zod';
import {
  answerRule,
  emailRule,
  LABEL,
  msg,
  nickNameRule,
  passwordRule,
  questionRule,
  requiredText,
} from '../validation.js';
import { PASSWORD_MIN } from '../constants.js';
import { topic } from '../korean.js';

export const PASSWORD_PROMPT = '암호를 입력해 주세요.';

/** /api/user/myInfo and /api/user/out: the login password, asked again. */
export const PasswordForm = z.object({
  password: z.string({ error: PASSWORD_PROMPT }).min(1, PASSWORD_PROMPT).max(100),
});

/** SPEC §3 user profile (my-info response). joinDate is shown as YYYY-MM-DD HH:mm:ss. */
export const Profile = z.object({
  userId: z.string(),
  levelName: z.string(),
  joinDate: z.string(),
  nickName: z.string(),
  email: z.string(),
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

/** SPEC §5 profile save: password/rePassword optional (min 8, equal); the rest required. */
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

/** SPEC §3 password reset form; each step checks the fields it uses (SPEC §5). */
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
    rePassword: z
      .string({ error: msg.required(LABEL.rePassword) })
      .min(1, msg.required(LABEL.rePassword))
      .min(PASSWORD_MIN, `암호 확인은 ${PASSWORD_MIN}자 이상이어야 합니다.`),
  })
  .refine((f) => f.password === f.rePassword, { message: msg.mismatch, path: ['rePassword'] });
export type ResetForm = z.input<typeof ResetStep3>;
export const ResetStep1Result = z.object({ question: z.string() });

/** Withdrawal: what goes and what stays (SPEC §9), shown in the dialog. */
export const WITHDRAWAL_TERMS = {
  deleted: ['회원 정보(닉네임, 이메일, 비밀번호 질문과 답변)', '포인트와 등급 기록'],
  kept: ['아이디 (다시 가입에 쓸 수 없습니다)', '장터 글과 댓글'],
  mustDeleteFirst: '게시판의 글과 댓글은 탈퇴 전에 직접 삭제해야 합니다.',
} as const;
