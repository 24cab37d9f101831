// Letters (docs/product/letters.md): inbox, sent box, compose, quick reply, the unread drawer,
// blocking and the member picker. Lists page by 20 and answer {items, page, pageSize, total}.
import { z } from 'zod';
import { hasVisible } from '../text.js';
import { msg, requiredText, text } from '../validation.js';
import { pageOf, pathNumber } from './common.js';

export const LETTER_SUBJECT_MAX = 100;
export const LETTER_CONTENT_MAX = 5000;
export const LETTER_LABEL = { receiver: '받는 사람', subject: '제목', content: '내용' } as const;

export const letterKeyRule = z
  .number({ error: '쪽지를 찾을 수 없습니다.' })
  .int('쪽지를 찾을 수 없습니다.')
  .min(1, '쪽지를 찾을 수 없습니다.')
  .max(2_147_483_647, '쪽지를 찾을 수 없습니다.');

export const letterSubjectRule = requiredText(LETTER_LABEL.subject, LETTER_SUBJECT_MAX);
export const letterContentRule = text(LETTER_LABEL.content)
  .trim()
  .refine(hasVisible, msg.required(LETTER_LABEL.content))
  .max(LETTER_CONTENT_MAX, `내용은 최대 ${LETTER_CONTENT_MAX.toLocaleString('en-US')}자까지 입력할 수 있습니다.`);

/** The path parameter of the calls that carry the key in the address (docs/api.md#letters). */
export const LetterKeyParams = z.object({ letterKey: pathNumber(letterKeyRule, '쪽지를 찾을 수 없습니다.') });
export const LetterKeyBody = z.object({ letterKey: letterKeyRule });

/** A party of a letter: nickname with the star; a withdrawn member has userId '' and no star. */
export const LetterParty = z.object({
  userId: z.string(),
  nickName: z.string(),
  levelKey: z.number().int().nullable(),
});
export type LetterParty = z.infer<typeof LetterParty>;

/** An unread letter of the drawer (docs/product/letters.md#unread-drawers), plus the sender with the star; content is rendered HTML. */
export const UnreadLetter = z.object({
  letterKey: z.number().int(),
  subject: z.string(),
  sendName: z.string(),
  /** ISO 8601. */
  sendDate: z.string(),
  content: z.string(),
  sender: LetterParty,
});
export type UnreadLetter = z.infer<typeof UnreadLetter>;
/** /api/letter/unread: unread letters of the inbox, newest first (at most 50). */
export const UnreadList = z.array(UnreadLetter);
/** /api/letter/arrival: the number of unread letters. */
export const ArrivalCount = z.number().int();

/** One row of the inbox or the sent box. */
export const LetterSummary = z.object({
  letterKey: z.number().int(),
  subject: z.string(),
  sender: LetterParty,
  receiver: LetterParty,
  /** ISO 8601. */
  sentAt: z.string(),
  /** When the receiver first opened it (ISO 8601), or null. */
  readAt: z.string().nullable(),
});
export type LetterSummary = z.infer<typeof LetterSummary>;
export const LetterPage = pageOf(LetterSummary);
export type LetterPage = z.infer<typeof LetterPage>;

/** An open letter: the summary, the rendered content and what the caller may do. */
export const LetterView = LetterSummary.extend({
  /** Sanitised HTML: the text escaped, newlines as line breaks, tokens and links rendered. */
  contentHtml: z.string(),
  /** The inbox only: whether the caller has blocked the sender; the sent box: false. */
  senderBlocked: z.boolean(),
  /** The inbox only: a reply can go back (the sender has not withdrawn). */
  canReply: z.boolean(),
  /** The inbox only: a report of a letter from someone else, not hidden yet. */
  canReport: z.boolean(),
});
export type LetterView = z.infer<typeof LetterView>;

/** /api/letter/send/save: to a member by userId or nickname. */
export const SendForm = z.object({
  receiver: requiredText(LETTER_LABEL.receiver, 20),
  subject: letterSubjectRule,
  content: letterContentRule,
});
export type SendForm = z.infer<typeof SendForm>;

/** /api/letter/send/quick (docs/product/letters.md#quick-reply): newlines become line breaks. */
export const QuickReply = z.object({ letterKey: letterKeyRule, content: letterContentRule });
export type QuickReply = z.infer<typeof QuickReply>;

export const SendResult = z.object({ letterKey: z.number().int() });

/** Block or unblock a member by userId. */
export const BlockForm = z.object({ userId: requiredText('아이디', 20) });
export const BlockedMember = LetterParty.extend({ blockedAt: z.string() });
export const BlockList = z.array(BlockedMember);
export type BlockedMember = z.infer<typeof BlockedMember>;

/** The member picker: a userId or nickname prefix. */
export const SuggestQuery = z.object({ q: z.string().trim().max(20, '검색어는 20자까지 입력할 수 있습니다.') });
export const MemberSuggestion = z.object({ userId: z.string(), nickName: z.string(), levelKey: z.number().int().nullable() });
export type MemberSuggestion = z.infer<typeof MemberSuggestion>;
export const SuggestList = z.array(MemberSuggestion);
