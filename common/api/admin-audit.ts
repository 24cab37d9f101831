// The audit log (who changed what, when, before and after) and the admin dashboard's counts.
import { z } from 'zod';
import { object, topic } from '../korean.js';
import { pageOf } from './common.js';

const PageNumber = z
  .number({ message: '페이지 번호를 확인해 주세요.' })
  .int('페이지 번호를 확인해 주세요.')
  .min(1, '페이지 번호를 확인해 주세요.')
  .max(100000, '페이지 번호를 확인해 주세요.')
  .default(1);

/** A day as YYYY-MM-DD (the site's day, Asia/Seoul). */
const Day = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${topic(label)} 2026-01-31처럼 입력해 주세요.`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), `${object(label)} 확인해 주세요.`);

const filterText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${topic(label)} ${max}자까지 입력할 수 있습니다.`)
    .optional()
    .transform((s) => s || undefined);

export const AuditListQuery = z
  .object({
    page: PageNumber,
    /** The admin: user id or nickname, exactly. */
    actor: filterText('관리자', 40),
    /** An action ('product.save') or its area ('product'). */
    action: filterText('작업', 60),
    targetKind: filterText('대상 종류', 40),
    targetKey: filterText('대상', 100),
    from: Day('시작일').optional(),
    to: Day('종료일').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '시작일이 종료일보다 늦습니다.', path: ['to'] });
export type AuditListQuery = z.input<typeof AuditListQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ no: z.number().int(), userId: z.string(), nickName: z.string().nullable() }),
  action: z.string(),
  targetKind: z.string(),
  targetKey: z.string(),
  /** The record before and after the write, as the area stored it (null for a create or delete). */
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = pageOf(AuditEntry);

/** Counts for the admin home. Today and this week are the site's (Asia/Seoul) day and Monday-based week. */
export const Dashboard = z.object({
  members: z.object({ total: z.number().int(), today: z.number().int(), week: z.number().int() }),
  posts: z.object({ today: z.number().int(), week: z.number().int() }),
  /** The market: items put up and items sold today and this week, auctions running now. */
  trades: z.object({
    listed: z.object({ today: z.number().int(), week: z.number().int() }),
    sold: z.object({ today: z.number().int(), week: z.number().int() }),
    auctions: z.number().int(),
  }),
  openReports: z.number().int(),
});
export type Dashboard = z.infer<typeof Dashboard>;
