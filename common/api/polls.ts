// A post's poll (docs/product/polls.md): what the post's save takes, what its view answers, and
// the vote and voters calls. Every rule carries its own Korean message, so a failure names the field.
import { z } from 'zod';
import { requiredText } from '../validation.js';

export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 20;
export const POLL_OPTION_MAX_CHARS = 100;
export const POLL_QUESTION_MAX_CHARS = 200;
/** 'voted': a member sees the counts once they voted (everyone after the end); 'ended': everyone only after the end. */
export const POLL_RESULTS = ['voted', 'ended'] as const;
export type PollResults = (typeof POLL_RESULTS)[number];

const postKey = z
  .number({ error: '글을 찾을 수 없습니다.' })
  .int('글을 찾을 수 없습니다.')
  .positive('글을 찾을 수 없습니다.')
  .max(Number.MAX_SAFE_INTEGER, '글을 찾을 수 없습니다.');
const optionIndex = z
  .number({ error: '선택지를 골라 주세요.' })
  .int('선택지를 골라 주세요.')
  .min(0, '선택지를 골라 주세요.')
  .max(POLL_OPTIONS_MAX - 1, '선택지를 골라 주세요.');

/** A poll as the post's save takes it; the end time is checked against the server's clock. */
export const PollInput = z
  .strictObject({
    question: requiredText('투표 질문', POLL_QUESTION_MAX_CHARS),
    options: z
      .array(requiredText('선택지', POLL_OPTION_MAX_CHARS), { error: '선택지를 입력해 주세요.' })
      .min(POLL_OPTIONS_MIN, `선택지는 ${POLL_OPTIONS_MIN}개 이상 입력해 주세요.`)
      .max(POLL_OPTIONS_MAX, `선택지는 ${POLL_OPTIONS_MAX}개까지 만들 수 있습니다.`)
      .refine((list) => new Set(list).size === list.length, '같은 선택지가 두 번 있습니다.'),
    multiple: z.boolean({ error: '복수 선택 여부를 골라 주세요.' }).default(false),
    /** With multiple: how many a member may pick (none: as many as there are options). */
    maxChoices: z
      .number({ error: '최대 선택 수를 숫자로 입력해 주세요.' })
      .int('최대 선택 수를 숫자로 입력해 주세요.')
      .min(2, '최대 선택 수는 2개 이상이어야 합니다.')
      .max(POLL_OPTIONS_MAX, `최대 선택 수는 ${POLL_OPTIONS_MAX}개까지입니다.`)
      .nullish(),
    /** ISO time with its offset; 10 minutes to a year from now (checked on the server). */
    endsAt: z.string({ error: '투표 마감 시각을 골라 주세요.' }).datetime({ offset: true, message: '투표 마감 시각을 골라 주세요.' }),
    results: z.enum(POLL_RESULTS, { error: '결과 공개 시점을 골라 주세요.' }).default('voted'),
    anonymous: z.boolean({ error: '무기명 여부를 골라 주세요.' }).default(true),
    changeable: z.boolean({ error: '투표 변경 허용 여부를 골라 주세요.' }).default(false),
  })
  .refine((p) => !p.multiple || p.maxChoices == null || p.maxChoices <= p.options.length, {
    message: '최대 선택 수는 선택지 수보다 클 수 없습니다.',
    path: ['maxChoices'],
  });
export type PollInput = z.input<typeof PollInput>;

/** A poll as the reader may see it: counts only when the rules show them, and the reader's own choice. */
export const PollView = z.object({
  question: z.string(),
  /** votes: null while the counts are not shown to this reader. */
  options: z.array(z.object({ text: z.string(), votes: z.number().int().nullable() })),
  multiple: z.boolean(),
  maxChoices: z.number().int(),
  endsAt: z.string(),
  ended: z.boolean(),
  results: z.enum(POLL_RESULTS),
  anonymous: z.boolean(),
  changeable: z.boolean(),
  /** Members who voted; null while the counts are not shown. */
  voters: z.number().int().nullable(),
  /** The reader's choices (indexes), null when they have not voted (or are a visitor). */
  myChoices: z.array(z.number().int()).nullable(),
  /** Someone voted: the options can no longer change (the edit form says so). */
  locked: z.boolean(),
  canVote: z.boolean(),
  /** The author ends the poll before its time. */
  canEnd: z.boolean(),
  /** A named poll whose counts this reader sees: who chose each option. */
  canSeeVoters: z.boolean(),
});
export type PollView = z.infer<typeof PollView>;

export const PollVote = z.strictObject({
  postKey,
  options: z
    .array(optionIndex, { error: '선택지를 골라 주세요.' })
    .min(1, '선택지를 골라 주세요.')
    .max(POLL_OPTIONS_MAX, '선택지를 골라 주세요.')
    .refine((list) => new Set(list).size === list.length, '같은 선택지를 두 번 고를 수 없습니다.'),
});
export const PollKey = z.strictObject({ postKey });
export const PollVotersQuery = z.strictObject({ postKey, option: optionIndex });

/** A voter as lists show authors (the shape of boards' Author; boards.ts imports this file). */
const Voter = z.object({ userId: z.string(), nickName: z.string(), levelKey: z.number().int().nullable() });

export const PollVoters = z.object({
  option: z.number().int(),
  total: z.number().int(),
  /** Up to POLL_VOTERS_SHOWN members, earliest vote first. */
  items: z.array(Voter),
});
export type PollVoters = z.infer<typeof PollVoters>;
export const POLL_VOTERS_SHOWN = 500;

/** The vote and the early end answer the poll as the caller now sees it. */
export const PollAnswer = z.object({ poll: PollView });
