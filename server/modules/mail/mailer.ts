// Outgoing mail (docs/operations.md#mail): on when SMTP_URL and MAIL_FROM are set. A mail is a job
// in the durable queue (lib/job-queue.ts, queue `mail`) added in the caller's transaction, so it
// goes out when the change it tells of was committed, from whichever node takes it first. Its
// content is sealed in the job (the links in it open an account), and limits per member and per
// address are counted from the queue itself, so every node sees the same counts.
import { and, eq, gte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { now as clockNow } from '../../lib/clock.js';
import type { AppContext } from '../../lib/context.js';
import { enqueue } from '../../lib/job-queue.js';
import type { Sealer } from '../../lib/secret.js';
import type { MailContent } from './compose.js';

export const MAIL_QUEUE = 'mail';

/** Mails a day at most, per address and per member (every kind counts). */
export const MAIL_LIMITS = { perAddressDay: 20, perMemberDay: 30 };

/** Is mail configured on this site? Every mail feature hides when it is not. */
export function mailEnabled(ctx: Pick<AppContext, 'config'>): boolean {
  return ctx.config.mail !== null;
}

/**
 * What the queue needs outside a request (the notify worker, the digest): the sealer and the
 * site's public origin. Set when the mail routes register; null while mail is off.
 */
export interface MailRuntime {
  sealer: Sealer;
  origin: string;
  /** Wakes this node's mail worker after a commit that queued a mail. */
  wake(): void;
}

let runtime: MailRuntime | null = null;
export const mailRuntime = () => runtime;
export function setMailRuntime(next: MailRuntime | null) {
  runtime = next;
}

/** The SMTP connection of this node; nodemailer keeps a small pool to the server. */
export function createTransport(config: Config): Transporter | null {
  if (!config.mail) return null;
  const url = new URL(config.mail.smtpUrl);
  url.searchParams.set('pool', 'true');
  return nodemailer.createTransport(url.toString(), {
    // A dead server costs an attempt no more than this (the job's lease is longer).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as object);
}

export interface MailJob {
  to: string;
  userNo: number;
  /** verify, reset, a notify kind, digest */
  kind: string;
  /** The sealed MailContent (links in it open an account, so not in plain text at rest). */
  sealed: string;
}

/** Mails queued for the address, or for the member, in the last 24 hours. */
async function sentToday(tx: Tx, to: string, userNo: number): Promise<{ address: number; member: number }> {
  const since = new Date(clockNow().getTime() - 24 * 3600_000);
  const [row] = await tx
    .select({
      address: sql<number>`count(*) filter (where ${jobs.payload}->>'to' = ${to})::int`,
      member: sql<number>`count(*) filter (where ${jobs.payload}->>'userNo' = ${String(userNo)})::int`,
    })
    .from(jobs)
    .where(and(eq(jobs.queue, MAIL_QUEUE), gte(jobs.createdAt, since)));
  return { address: Number(row?.address ?? 0), member: Number(row?.member ?? 0) };
}

/** Is there room for one more mail to this address and member today? */
export async function withinDailyLimits(tx: Tx, to: string, userNo: number): Promise<boolean> {
  const n = await sentToday(tx, to, userNo);
  return n.address < MAIL_LIMITS.perAddressDay && n.member < MAIL_LIMITS.perMemberDay;
}

/**
 * Queues a mail in the caller's transaction; false (nothing queued) when the daily limits are
 * reached or the dedupe key was taken. The caller wakes the worker after its commit.
 */
export async function queueMail(
  tx: Tx,
  sealer: Sealer,
  mail: { to: string; userNo: number; kind: string; content: MailContent },
  opts: { dedupeKey?: string; runAt?: Date } = {},
): Promise<boolean> {
  if (!(await withinDailyLimits(tx, mail.to, mail.userNo))) return false;
  const payload: MailJob = { to: mail.to, userNo: mail.userNo, kind: mail.kind, sealed: sealer.seal(JSON.stringify(mail.content)) };
  return enqueue(tx, MAIL_QUEUE, { ...payload }, opts);
}

export const openMail = (sealer: Sealer, sealed: string) => JSON.parse(sealer.open(sealed)) as MailContent;
