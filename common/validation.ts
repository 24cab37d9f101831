// Field rules shared by the web forms (checked before sending) and the server (always checked).
// A form schema reports its fields in screen order, so the first issue is the first failure
// the member should fix (docs/product/site.md#forms-and-checks: the checker stops at the first failure).
import { z } from 'zod';
import { FIELD_MAX_BYTES, FIELD_MAX_MB, PASSWORD_MIN } from './constants.js';
import { object, topic } from './korean.js';
import { cleanNickName, cleanText, hasVisible } from './text.js';

export const msg = {
  required: (label: string) => `${topic(label)} 필수 입력 항목입니다.`,
  maxLength: (label: string, n: number) => `${topic(label)} 최대 ${n}자까지 입력할 수 있습니다.`,
  minLength: (label: string, n: number) => `${topic(label)} ${n}자 이상 입력해 주세요.`,
  number: (label: string) => `${topic(label)} 숫자로 입력해 주세요.`,
  date: (label: string) => `${topic(label)} 4자리(연도) 또는 8자리(연월일) 숫자로 입력해 주세요.`,
  mismatch: '암호와 암호 확인 값이 일치하지 않습니다.',
  contentTooLarge: (n: number) => `내용은 최대 ${n}MB까지 입력할 수 있습니다.`,
  /** The admin forms' wording: "게시판 이름을 입력해 주세요.", "… 30자까지 입력할 수 있습니다.", "…를 확인해 주세요." */
  enter: (label: string) => `${object(label)} 입력해 주세요.`,
  upTo: (label: string, n: number) => `${topic(label)} ${n}자까지 입력할 수 있습니다.`,
  check: (label: string) => `${object(label)} 확인해 주세요.`,
} as const;

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/** Any text field: cleaned (common/text.ts), within the body size cap of 1 MB per field (docs/product/site.md#forms-and-checks). */
export const text = (label: string) =>
  z
    .string({ error: msg.required(label) })
    .overwrite(cleanText)
    .refine((s) => byteLength(s) <= FIELD_MAX_BYTES, msg.contentTooLarge(FIELD_MAX_MB));

/** The one rule behind every required text field, whatever its messages say. */
const visibleText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).overwrite(cleanText).trim().refine(hasVisible, required).max(max, tooLong);

/**
 * A required text field: cleaned (no bidi or control characters), trimmed, with an optional
 * maximum length. Required means visible: spaces and zero-width characters alone are empty.
 */
export const requiredText = (label: string, max = 200) => visibleText(msg.required(label), max, msg.maxLength(label, max));

/**
 * A name an administrator gives (board, program, product, menu group …): the rule of
 * requiredText in the admin forms' wording ("게시판 이름을 입력해 주세요."); `required` when the
 * form asks for it in other words.
 */
export const nameText = (label: string, max: number, required = msg.enter(label)) => visibleText(required, max, msg.upTo(label, max));

/**
 * An optional text an administrator gives (a description, a note, a menu entry's own label):
 * cleaned and trimmed like the rest, and only invisible characters count as left empty.
 */
export const optionalText = (label: string, max: number, tooLong = msg.upTo(label, max)) =>
  z
    .string({ error: msg.check(label) })
    .overwrite(cleanText)
    .trim()
    .overwrite((s) => (hasVisible(s) ? s : ''))
    .max(max, tooLong);

/** Number rule: digits only (an optional leading minus). */
export const numberText = (label: string) =>
  requiredText(label, 30).regex(/^-?\d+$/, msg.number(label));

/** Date rule: 4 digits (a year) or 8 digits (YYYYMMDD). */
export const dateText = (label: string) =>
  requiredText(label, 8).regex(/^(\d{4}|\d{8})$/, msg.date(label));

export const LABEL = {
  userId: '아이디',
  password: '암호',
  rePassword: '암호 확인',
  nickName: '닉네임',
  email: '이메일',
  question: '비밀번호 질문',
  answer: '비밀번호 답변',
} as const;

export const USER_ID_PATTERN = /^[a-z0-9_]{4,20}$/;
export const userIdRule = requiredText(LABEL.userId, 20).regex(
  USER_ID_PATTERN,
  '아이디는 4~20자의 영문 소문자, 숫자, 밑줄(_)로 만들어 주세요.',
);

export const passwordRule = z
  .string({ error: msg.required(LABEL.password) })
  .min(1, msg.required(LABEL.password))
  .min(PASSWORD_MIN, `암호는 ${PASSWORD_MIN}자 이상이어야 합니다.`)
  .max(100, msg.maxLength(LABEL.password, 100));

/** The new password typed again (the form refines it against `password`). */
export const rePasswordRule = z
  .string({ error: msg.required(LABEL.rePassword) })
  .min(1, msg.required(LABEL.rePassword))
  .min(PASSWORD_MIN, `암호 확인은 ${PASSWORD_MIN}자 이상이어야 합니다.`);

// Letters, digits, Hangul, spaces and a few marks; no angle brackets, quotes or control characters.
const NICK_PATTERN = /^[^\s<>"'&\\/\p{C}][^<>"'&\\/\p{C}]*[^\s<>"'&\\/\p{C}]$/u;

export const NICK_MSG = {
  pattern: '닉네임에는 < > " \' & / \\ 같은 기호를 쓸 수 없습니다.',
  letters: '닉네임에는 글자나 숫자가 하나 이상 있어야 합니다.',
  /** A reserved name (운영자, admin, the site's name …) in any disguise. */
  reserved: '사용할 수 없는 닉네임입니다.',
  /** Looks like another member's nickname (UTS #39 skeleton, case, spaces and marks aside). */
  similar: '이미 사용 중인 닉네임과 너무 비슷합니다.',
} as const;

// Cleaned first (NFKC, no invisible or filler characters, see common/text.ts): Hangul typed as
// separate jamo, full-width letters and hidden fillers must not pass as a new name.
// Look-alikes of other names are refused on the server (server/modules/users/nick-names.ts).
export const nickNameRule = z
  .string({ error: msg.required(LABEL.nickName) })
  .overwrite(cleanNickName)
  .min(1, msg.required(LABEL.nickName))
  .max(20, msg.maxLength(LABEL.nickName, 20))
  .min(2, '닉네임은 2~20자로 입력해 주세요.')
  .regex(NICK_PATTERN, NICK_MSG.pattern)
  .regex(/[\p{L}\p{N}]/u, NICK_MSG.letters);

export const emailRule = requiredText(LABEL.email, 100)
  .toLowerCase()
  .pipe(z.email('올바른 이메일 주소를 입력해 주세요.'));

export const questionRule = requiredText(LABEL.question, 100);
export const answerRule = requiredText(LABEL.answer, 100);

/** Security answers compare after trimming, folding case and collapsing inner spaces. */
export const normaliseAnswer = (a: string) => a.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** The first problem of a failed parse, as the member should read it. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? '입력 값을 확인해 주세요.';
}
