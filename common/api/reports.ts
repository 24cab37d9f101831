// Reports and moderation: a member reports a post, comment or letter once (/api/report/save);
// the admin queue shows each with the thing in context and resolves it (/api/admin/report/*).
import { z } from 'zod';
import { optionalText, requiredText } from '../validation.js';
import { pageOf } from './common.js';

export const REPORT_REASON_MAX = 300;
export const REPORT_NOTE_MAX = 300;
/** What everyone but admins sees instead of hidden content. */
export const HIDDEN_NOTICE = '관리자에 의해 가려진 내용입니다.';
/** The same notice where rendered HTML goes (post and comment contentHtml, letters). */
export const HIDDEN_NOTICE_HTML = `<p class="hidden-notice">${HIDDEN_NOTICE}</p>`;

/** Market and gallery items are accepted by the contract and refused until they exist. */
export const ReportKind = z.enum(['post', 'comment', 'letter', 'market', 'gallery'], { message: '신고할 대상을 확인해 주세요.' });
export type ReportKind = z.infer<typeof ReportKind>;
export const ReportStatus = z.enum(['open', 'dismissed', 'hidden', 'suspended']);
export type ReportStatus = z.infer<typeof ReportStatus>;
export const ReportOutcome = z.enum(['dismiss', 'hide', 'suspend'], { message: '처리 방법을 골라 주세요.' });
export type ReportOutcome = z.infer<typeof ReportOutcome>;

const TargetKey = z
  .number({ message: '신고할 대상을 찾을 수 없습니다.' })
  .int('신고할 대상을 찾을 수 없습니다.')
  .min(1, '신고할 대상을 찾을 수 없습니다.')
  .max(Number.MAX_SAFE_INTEGER, '신고할 대상을 찾을 수 없습니다.');

const ReportId = z
  .number({ message: '신고를 찾을 수 없습니다.' })
  .int('신고를 찾을 수 없습니다.')
  .min(1, '신고를 찾을 수 없습니다.')
  .max(2_147_483_647, '신고를 찾을 수 없습니다.');

export const reportReasonRule = requiredText('신고 사유', REPORT_REASON_MAX);

export const ReportSave = z.object({
  kind: ReportKind,
  key: TargetKey,
  reason: reportReasonRule,
});
export type ReportSave = z.input<typeof ReportSave>;
export const ReportSaved = z.object({ id: z.number().int() });

const PageNumber = z
  .number({ message: '페이지 번호를 확인해 주세요.' })
  .int('페이지 번호를 확인해 주세요.')
  .min(1, '페이지 번호를 확인해 주세요.')
  .max(100000, '페이지 번호를 확인해 주세요.')
  .default(1);

export const AdminReportListQuery = z.object({
  page: PageNumber,
  status: ReportStatus.optional(),
  kind: ReportKind.optional(),
});

export const ReportPerson = z.object({ userId: z.string(), nickName: z.string() });
/** The reported thing as the admin sees it (hidden text included). */
export const ReportTarget = z.object({
  /** false when it has since been deleted. */
  exists: z.boolean(),
  /** Post subject; for a comment the subject of its post; for a letter its subject. */
  subject: z.string(),
  /** The reported text, as plain text, cut short. */
  excerpt: z.string(),
  boardName: z.string(),
  /** Where it can be read, or null (letters are private). */
  url: z.string().nullable(),
  hidden: z.boolean(),
});
export const AdminReport = z.object({
  id: z.number().int(),
  kind: ReportKind,
  targetKey: z.string(),
  reason: z.string(),
  status: ReportStatus,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  reporter: ReportPerson,
  author: ReportPerson.extend({ status: z.string() }).nullable(),
  target: ReportTarget,
  /** How many members reported this thing, this report included. */
  reportCount: z.number().int(),
});
export type AdminReport = z.infer<typeof AdminReport>;
export const AdminReportPage = pageOf(AdminReport).extend({
  open: z.number().int(),
  /** A board manager's queue: only their boards' reports, and no suspending (the web leaves that button out). */
  manager: z.boolean().optional(),
});
export type AdminReportPage = z.infer<typeof AdminReportPage>;

export const AdminReportResolve = z
  .object({
    id: ReportId,
    outcome: ReportOutcome,
    /** Suspension length; none means until an admin restores the member. */
    days: z
      .number({ message: '정지 기간은 숫자로 입력해 주세요.' })
      .int('정지 기간은 일 단위로 입력해 주세요.')
      .min(1, '정지 기간은 1일 이상이어야 합니다.')
      .max(3650, '정지 기간은 3650일까지 정할 수 있습니다.')
      .optional(),
    note: optionalText('메모', REPORT_NOTE_MAX).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.outcome !== 'suspend' && v.days !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: '정지 기간은 이용 정지에만 정할 수 있습니다.' });
    }
  });
export type AdminReportResolve = z.input<typeof AdminReportResolve>;
export const AdminReportResolved = z.object({
  /** Open reports of the same thing that this closed, this one included. */
  resolved: z.number().int(),
});

/** Shows the report's thing again after a hide (decision 33). */
export const AdminReportRestore = z.object({ id: ReportId });
export type AdminReportRestore = z.input<typeof AdminReportRestore>;
export const AdminReportRestored = z.object({
  /** What happens next, in Korean (a market item's seller is told the same by alarm). */
  next: z.string(),
});

export const REPORT_KIND_LABEL: Record<ReportKind, string> = {
  post: '게시글',
  comment: '댓글',
  letter: '쪽지',
  market: '장터 글',
  gallery: '갤러리',
};
export const REPORT_STATUS_LABEL: Record<ReportStatus, string> = {
  open: '처리 대기',
  dismissed: '기각',
  hidden: '가림',
  suspended: '이용 정지',
};
export const REPORT_OUTCOME_LABEL: Record<ReportOutcome, string> = {
  dismiss: '기각',
  hide: '내용 가리기',
  suspend: '작성자 이용 정지',
};
