// The words of a board's staff tools on a post's page: moving it to another board, pinning it as
// a notice, and the board's way into its report queue (docs/product/board-managers.md).
import { toward } from '../../../common/korean';

export const koBoardStaff = {
  move: '이동',
  moveTitle: '다른 게시판으로 이동',
  moveIntro: (subject: string) => `‘${subject}’ 글을 옮길 게시판과 분류를 고르세요. 댓글, 첨부 파일, 스크랩과 공감은 함께 옮겨지고, 예전 주소는 새 주소로 이어집니다.`,
  board: '옮겨 갈 게시판',
  category: '옮겨 갈 분류',
  pickBoard: '게시판을 고르세요',
  pickCategory: '분류를 고르세요',
  noTargets: '옮길 수 있는 다른 게시판이 없습니다.',
  loading: '옮길 수 있는 게시판을 불러오는 중입니다.',
  failed: '옮길 수 있는 게시판을 불러오지 못했습니다.',
  cancel: '취소',
  submit: '이동하기',
  moved: (board: string) => `${toward(board)} 옮겼습니다.`,
  notice: '공지로 지정',
  unnotice: '공지 해제',
  noticed: '공지로 지정했습니다.',
  unnoticed: '공지를 해제했습니다.',
  reports: '신고 관리',
} as const;
