// Mail calls (docs/api.md#mail) and the mail worker and digest schedule of this node. Nothing is
// registered while mail is off (SMTP_URL, MAIL_FROM unset): the calls answer 404 like any unknown
// call, and the site works as it did without mail.
import type { FastifyReply } from 'fastify';
import { MessageResult } from '../../../common/api/account.js';
import { Empty } from '../../../common/api/common.js';
import { ResetByLink, ResetByMail, ResetLink, ResetLinkState, UnsubscribeBody, UnsubscribeQuery, VerifyLink } from '../../../common/api/mail.js';
import type { App } from '../../lib/context.js';
import { badRequest, tooManyRequests } from '../../lib/errors.js';
import { everyHour } from '../../lib/hourly-job.js';
import type { Worker } from '../../lib/job-queue.js';
import { requireMember } from '../../lib/session.js';
import { cachedSettings } from '../community/service.js';
import { escapeHtml } from './compose.js';
import { purgeOldMailJobs, scheduleDigests } from './digest.js';
import { createTransport, mailEnabled, mailRuntime, setMailRuntime } from './mailer.js';
import { SETTINGS_PATH } from './notification-mail.js';
import { MAIL_MSG, queueReset, queueVerification, readUnsubscribeToken, resetByToken, resetLinkValid, unsubscribe, verifyEmail } from './service.js';
import { startMailWorker } from './worker.js';

/** A reset-by-mail answer takes at least this long, matched or not (no timing tells them apart). */
export const RESET_ANSWER_MS = 400;

/** How often each node makes sure the next digests are queued. */
export const digestSchedule = { everyMs: 10 * 60_000 };

export default async function mailRoutes(app: App) {
  const { db, sealer, config } = app.ctx;
  if (!mailEnabled(app.ctx) || !config.publicOrigin) return;
  const origin = config.publicOrigin;
  const limit = (max: number, timeWindow: number) =>
    config.rateLimit ? { max, timeWindow, errorResponseBuilder: () => tooManyRequests() } : false;

  const transport = createTransport(config)!;
  let worker: Worker | null = null;
  const wake = () => worker?.wake();
  const runtime = { sealer, origin, wake };
  setMailRuntime(runtime);

  app.post(
    '/api/mail/verify/send',
    { schema: { body: Empty, response: { 200: MessageResult } }, config: { rateLimit: limit(10, 3_600_000) } },
    async (req) => {
      const member = await requireMember(req);
      const { outcome, email } = await queueVerification(db, sealer, origin, member.no);
      if (outcome === 'verified') return { message: MAIL_MSG.alreadyVerified };
      if (outcome === 'no_address') throw badRequest(MAIL_MSG.noAddress, 'no_address');
      if (outcome === 'wait') throw tooManyRequests(MAIL_MSG.wait);
      if (outcome === 'limit') throw tooManyRequests(MAIL_MSG.dailyLimit);
      wake();
      return { message: MAIL_MSG.verifySent(email) };
    },
  );

  app.post(
    '/api/public/mail/verify',
    { schema: { body: VerifyLink, response: { 200: MessageResult } }, config: { rateLimit: limit(30, 600_000) } },
    async (req) => {
      await verifyEmail(db, req.body.token);
      return { message: MAIL_MSG.verified };
    },
  );

  // The same answer, after about the same time, whether or not the userId and address match.
  app.post(
    '/api/public/find/email',
    { schema: { body: ResetByMail, response: { 200: MessageResult } }, config: { rateLimit: limit(10, 600_000) } },
    async (req) => {
      const started = Date.now();
      const pad = () => new Promise((r) => setTimeout(r, Math.max(0, RESET_ANSWER_MS - (Date.now() - started))));
      const queued = await queueReset(db, sealer, origin, req.body.userId, req.body.email).finally(pad);
      if (queued) wake();
      return { message: MAIL_MSG.resetAnswer };
    },
  );

  app.post(
    '/api/public/find/email/check',
    { schema: { body: ResetLink, response: { 200: ResetLinkState } }, config: { rateLimit: limit(30, 600_000) } },
    async (req) => ({ valid: await resetLinkValid(db, req.body.token) }),
  );

  app.post(
    '/api/public/find/email/reset',
    { schema: { body: ResetByLink, response: { 200: MessageResult } }, config: { rateLimit: limit(10, 600_000) } },
    async (req) => {
      await resetByToken(db, req.body.token, req.body.password);
      return { message: MAIL_MSG.resetDone };
    },
  );

  // One-click unsubscribe (RFC 8058): the mail client POSTs without a session and from no page of
  // ours (lib/origin.ts lets this one call through); the token names the member and the kind. A
  // GET (a person following the link, or a scanner looking at it) only shows the page asking.
  const page = async (reply: FastifyReply, status: number, title: string, body: string) => {
    const { siteName } = await cachedSettings(db);
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
          `<title>${escapeHtml(title)} - ${escapeHtml(siteName)}</title></head>` +
          '<body style="font-family:sans-serif;max-width:560px;margin:0 auto;padding:24px 16px;line-height:1.6">' +
          `<p><a href="/" style="display:inline-block;min-height:44px;line-height:44px">${escapeHtml(siteName)}</a></p>` +
          `<h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}` +
          `<p><a href="${escapeHtml(SETTINGS_PATH)}" style="display:inline-block;min-height:44px;line-height:44px">알림 설정 열기</a></p>` +
          '</body></html>',
      );
  };
  const unsubscribeLimit = limit(30, 60_000);
  app.get('/api/mail/unsubscribe', { schema: { querystring: UnsubscribeQuery }, config: { rateLimit: unsubscribeLimit } }, async (req, reply) => {
    const target = readUnsubscribeToken(sealer, req.query.t);
    if (!target) return page(reply, 400, MAIL_MSG.badUnsubscribe, '');
    const what = target.kind === 'digest' ? '하루 한 번 오는 요약 메일' : '이 종류의 알림 메일';
    return page(
      reply,
      200,
      '메일 수신 거부',
      `<p>${escapeHtml(what)}을 더 받지 않으려면 아래 버튼을 눌러 주세요.</p>` +
        `<form method="post" action="/api/mail/unsubscribe?t=${encodeURIComponent(req.query.t)}">` +
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
        '<button type="submit" style="min-height:44px;min-width:44px;padding:0 20px;font-size:16px">수신 거부</button></form>',
    );
  });
  app.post('/api/mail/unsubscribe', { schema: { querystring: UnsubscribeQuery, body: UnsubscribeBody }, config: { rateLimit: unsubscribeLimit } }, async (req, reply) => {
    const target = readUnsubscribeToken(sealer, req.query.t);
    if (!target) return page(reply, 400, MAIL_MSG.badUnsubscribe, '');
    await unsubscribe(db, target);
    return page(reply, 200, MAIL_MSG.unsubscribed, '<p>설정은 내 정보의 알림 설정에서 언제든 바꿀 수 있습니다.</p>');
  });

  let stopSchedule: (() => void) | null = null;
  let scheduleTimer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    worker = startMailWorker(app, transport, origin);
    const schedule = () => void scheduleDigests(db).catch((err: unknown) => app.log.warn({ err }, 'scheduling digests failed'));
    schedule();
    scheduleTimer = setInterval(schedule, digestSchedule.everyMs);
    scheduleTimer.unref();
    stopSchedule = everyHour('purging mail jobs', () => purgeOldMailJobs(db), app.log);
  });
  // Before the database closes (onClose hooks of the app close it).
  app.addHook('preClose', async () => {
    if (scheduleTimer) clearInterval(scheduleTimer);
    stopSchedule?.();
    await worker?.stop();
    transport.close();
    if (mailRuntime() === runtime) setMailRuntime(null);
  });
}
