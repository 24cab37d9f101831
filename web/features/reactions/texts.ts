// Reactions (공감) under a post and on each comment.
import { formatNumber } from '../../../common/format';

export const koReactions = {
  group: (what: string) => `${what} 공감`,
  add: '공감하기',
  addLabel: (what: string) => `${what}에 공감하기`,
  menu: '공감 고르기',
  /** What a screen reader hears on a reaction's button: "좋아요 3명, 내가 선택함". */
  chip: (label: string, n: number, mine: boolean) => `${label} ${formatNumber(n)}명${mine ? ', 내가 선택함' : ''}`,
  /** The count's button: its number is part of the name, as the eye reads it. */
  who: (label: string, n: number) => `${label} ${formatNumber(n)}명, 공감한 회원 보기`,
  dialogTitle: '공감한 회원',
  all: '전체',
  more: '더 보기',
  loading: '불러오는 중입니다…',
  empty: '아직 공감한 회원이 없습니다.',
  left: '탈퇴한 회원',
  post: '글',
  comment: (nick: string) => `${nick}님의 댓글`,
} as const;
