// The `mail` worker on every node (lib/job-queue.ts): takes due mail jobs under a lease, sends them
// over SMTP and marks them done; a failure waits longer each time (back-off). The lease is longer
// than an SMTP attempt can take, so no other node sends a mail while one is sending it.
import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { NOTIFY_KINDS } from '../../../common/api/notify.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { App } from '../../lib/context.js';
import { type JobRow, startWorker, type Worker } from '../../lib/job-queue.js';
import { nodeName } from '../../lib/node-name.js';
import type { Sealer } from '../../lib/secret.js';
import { composeDigest, fanOutDigests } from './digest.js';
import { MAIL_QUEUE, type MailJob, openMail } from './mailer.js';
import type { MailContent } from './compose.js';

/** Tests shorten the pass interval. */
export const mailWorkerTiming = { everyMs: 5_000, leaseMs: 120_000 };

interface SendDeps {
  db: Db;
  sealer: Sealer;
  origin: string;
  from: string;
  transport: Transporter;
  log: App['log'];
}

/** A permanent refusal (5xx to the recipient): trying again would only be refused again. */
const permanent = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

async function send(d: SendDeps, job: JobRow, to: string, content: MailContent, kind: string) {
  const domain = /@([^>\s]+)>?\s*$/.exec(d.from)?.[1] ?? 'localhost';
  try {
    await d.transport.sendMail({
      from: d.from,
      to,
      subject: content.subject,
      text: content.text,
      html: content.html,
      headers: content.headers ?? {},
      // One id per job: a receiving server can tell a resent copy from a new mail.
      messageId: `<mail-${job.id}@${domain}>`,
    });
  } catch (err) {
    if (!permanent(err)) throw err;
    d.log.warn({ err, job: job.id, kind }, 'mail refused by the server; not retried');
  }
}

/**
 * A notification mail waits in the queue (back-off while the SMTP server is down): it goes only if
 * the address is still the member's verified one, not to an address they have changed since.
 */
async function stillTheirs(db: Db, userNo: number, to: string): Promise<boolean> {
  const [u] = await db.select({ email: users.email, verifiedAt: users.emailVerifiedAt, status: users.status }).from(users).where(eq(users.no, userNo));
  return !!u && u.email === to && u.verifiedAt !== null && u.status === 'active';
}

export function handleMailJob(d: SendDeps, wakeSelf: () => void) {
  return async (payload: Record<string, unknown>, job: JobRow) => {
    const kind = String(payload.kind);
    if (kind === 'digest-day') {
      if ((await fanOutDigests(d.db, String(payload.day))) > 0) wakeSelf();
      return;
    }
    if (kind === 'digest') {
      const digest = await composeDigest(d.db, d.sealer, d.origin, Number(payload.userNo));
      if (digest) await send(d, job, digest.to, digest.content, kind);
      return;
    }
    const p = payload as unknown as MailJob;
    if ((NOTIFY_KINDS as readonly string[]).includes(kind) && !(await stillTheirs(d.db, p.userNo, p.to))) {
      d.log.warn({ job: job.id, kind }, 'notification mail dropped: the address is no longer the member\'s verified one');
      return;
    }
    await send(d, job, p.to, openMail(d.sealer, p.sealed), kind);
  };
}

export function startMailWorker(app: App, transport: Transporter, origin: string): Worker {
  const { db, sealer, config } = app.ctx;
  let worker: Worker | null = null;
  const deps: SendDeps = { db, sealer, origin, from: config.mail!.from, transport, log: app.log };
  worker = startWorker({
    db,
    queue: MAIL_QUEUE,
    node: nodeName(),
    log: app.log,
    everyMs: mailWorkerTiming.everyMs,
    leaseMs: mailWorkerTiming.leaseMs,
    maxAttempts: 8,
    batch: 5,
    handle: handleMailJob(deps, () => worker?.wake()),
  });
  return worker;
}
