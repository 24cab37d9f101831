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
  userIdRule,
} from '../validation.js';

/** The session user (docs/product/members.md#visitors-and-members). Logged out: logined false, other fields cleared, levelKey null. */
export const SessionUser = z.object({
  logined: z.boolean(),
  userId: z.string(),
  nickName: z.string(),
  levelKey: z.number().int().nullable(),
  admin: z.boolean(),
  real: z.boolean(),
  /**
   * 'pending': signed out until the one-time code of a two-step sign-in (the password passed);
   * 'needed': an administrator whose sign-in has not passed a second step (the admin gate).
   */
  secondStep: z.enum(['pending', 'needed']).optional(),
  /** The userIds the member ignores (decision 46): the app folds their posts and comments. Sent only when there are some. */
  ignored: z.array(z.string()).optional(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const LOGGED_OUT: SessionUser = {
  logined: false,
  userId: '',
  nickName: '',
  levelKey: null,
  admin: false,
  real: false,
};

/** /api/login/do, form-encoded. remember = 'Y' keeps the member signed in for 30 days. */
export const LoginForm = z.object({
  userId: requiredText(LABEL.userId, 20),
  password: z.string({ error: msg.required(LABEL.password) }).min(1, msg.required(LABEL.password)).max(100),
  remember: z.enum(['Y', 'N', '']).optional(),
});
export type LoginForm = z.infer<typeof LoginForm>;

/** /api/login/do's answer: `secondStep` when the member must now give a one-time code. */
export const LoginResult = z.object({ ok: z.literal(true), secondStep: z.literal('totp').optional() });
export type LoginResult = z.infer<typeof LoginResult>;

export const JoinForm = z
  .object({
    userId: userIdRule,
    password: passwordRule,
    rePassword: z.string({ error: msg.required(LABEL.rePassword) }).min(1, msg.required(LABEL.rePassword)),
    nickName: nickNameRule,
    email: emailRule,
    question: questionRule,
    answer: answerRule,
    agree: z.literal('Y', { error: '이용약관과 개인정보 처리방침에 동의해 주세요.' }),
  })
  .refine((f) => f.password === f.rePassword, { message: msg.mismatch, path: ['rePassword'] });
export type JoinForm = z.input<typeof JoinForm>;

export const JoinResult = z.object({ userId: z.string(), message: z.string() });

/** /api/public/check: tells the sign-up form early whether a value is free. */
export const CheckForm = z.object({
  field: z.enum(['userId', 'nickName', 'email']),
  value: z.string().max(200),
});
export const CheckResult = z.object({ available: z.boolean(), message: z.string() });
export type CheckResult = z.infer<typeof CheckResult>;

/**
 * Logo info (docs/product/site.md#logos): today's second logo beside the site logo (empty fields for none), and
 * today's replacement of the site logo itself when the admin set one (null: the usual logo).
 */
export const LogoInfo = z.object({
  image: z.string(),
  imageUrl: z.string(),
  name: z.string(),
  year: z.string(),
  main: z.object({ image: z.string(), imageUrl: z.string(), name: z.string() }).nullable().optional(),
});
export type LogoInfo = z.infer<typeof LogoInfo>;
