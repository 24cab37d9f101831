// Mail over real SMTP (server/test/smtp-server.ts): verification and reset links arrive with the
// right headers and work once, within their time and for their address; reset by mail answers
// the same whether or not the account matches; the 08:00 digest goes once a day; one-click
// unsubscribe works without a session; a server that is down gets the mail later; limits hold.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { emailTokens, jobs, letters, notifySettings, users } from '../../db/schema/index.js';
import { backoffMs } from '../../lib/job-queue.js';
import { advanceClock, resetClock, setClock } from '../../test/clock.js';
import { createUser, login, post, testApp, type TestApp } from '../../test/harness.js';
import { proofHeaders } from '../../test/spam.js';
import { linkIn, startSmtp, type TestSmtp } from '../../test/smtp-server.js';
import { digestTime, fanOutDigests, scheduleDigests } from './digest.js';
import { MAIL_LIMITS, MAIL_QUEUE, mailRuntime } from './mailer.js';
import { queueNotificationMail } from './notification-mail.js';
import { RESET_ANSWER_MS } from './routes.js';
import { MAIL_MSG } from './service.js';
import { mailWorkerTiming } from './worker.js';

const ORIGIN = 'https://chalkak.test';
let smtp: TestSmtp;
let t: TestApp;
const everyMs = mailWorkerTiming.everyMs;

beforeAll(async () => {
  mailWorkerTiming.everyMs = 50;
  smtp = await startSmtp();
  t = await testApp({ RATE_LIMIT: 'false', SMTP_URL: smtp.url, MAIL_FROM: '찰칵 <no-reply@chalkak.test>', PUBLIC_ORIGIN: ORIGIN });
});
afterAll(async () => {
  mailWorkerTiming.everyMs = everyMs;
  resetClock();
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.mails.length = 0;
  smtp.down = false;
});
afterEach(() => resetClock());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wake = () => mailRuntime()!.wake();
const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;
/** A header as it arrived (unfolded), read from the raw message. */
const header = (m: { raw: string }, name: string) => {
  const head = m.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(name.toLowerCase() + ':'));
  return line?.slice(name.length + 1).trim();
};

async function verifiedUser() {
  const u = await createUser(t);
  await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.no, u.no));
  return u;
}

async function myInfo(cookie: string, password: string) {
  const res = await post(t, '/api/user/myInfo', { password }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { email: string; emailVerified: boolean };
}

describe('mail on the site', () => {
  it('tells the web that mail is on', async () => {
    expect((await post(t, '/api/session/site')).json().mail).toBe(true);
  });
});

describe('address verification', () => {
  it('mails a link at sign-up; the link verifies the address once', async () => {
    const form = {
      userId: 'mail_join1',
      password: 'password-123',
      rePassword: 'password-123',
      nickName: '메일가입',
      email: 'mail_join1@example.com',
      question: '첫 카메라는?',
      answer: 'FM2',
      agree: 'Y',
    };
    const joined = await post(t, '/api/public/join', form, undefined, await proofHeaders(t, 'join'));
    expect(joined.statusCode, joined.body).toBe(200);
    const cookie = joined.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toBe('mail_join1@example.com');
    expect(mail!.subject).toBe('[찰칵] 이메일 주소를 인증해 주세요');
    expect(header(mail!, 'from')).toContain('no-reply@chalkak.test');
    expect(mail!.text).toContain('메일가입님');
    expect(mail!.html).toContain('이메일 주소 인증하기');
    // A link mail is no list mail: no unsubscribe header.
    expect(header(mail!, 'list-unsubscribe')).toBeUndefined();
    const link = linkIn(mail!, `${ORIGIN}/user/email/verify?t=`);
    expect(mail!.html).toContain(link.replace(/&/g, '&amp;'));
    // Only the token's hash is kept.
    const [row] = await t.database.db.select().from(emailTokens).where(eq(emailTokens.email, 'mail_join1@example.com'));
    expect(row!.tokenHash).not.toBe(tokenOf(link));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 3600_000);

    expect((await myInfo(cookie, 'password-123')).emailVerified).toBe(false);
    const ok = await post(t, '/api/public/mail/verify', { token: tokenOf(link) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(MAIL_MSG.verified);
    expect((await myInfo(cookie, 'password-123')).emailVerified).toBe(true);
    const again = await post(t, '/api/public/mail/verify', { token: tokenOf(link) });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MAIL_MSG.badVerifyLink);
    // Verified: "send again" has nothing to send.
    expect((await post(t, '/api/mail/verify/send', {}, cookie)).json().message).toBe(MAIL_MSG.alreadyVerified);
  });

  it('refuses an expired link and a link of an address changed since', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    const sent = await post(t, '/api/mail/verify/send', {}, cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(MAIL_MSG.verifySent(u.email));
    const first = linkIn((await smtp.waitFor(1))[0]!, `${ORIGIN}/user/email/verify?t=`);
    setClock(new Date(Date.now() + 24 * 3600_000 + 1000));
    const late = await post(t, '/api/public/mail/verify', { token: tokenOf(first) });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(MAIL_MSG.badVerifyLink);
    resetClock();

    // Again a minute later (once a minute), then the address changes before the link is opened.
    setClock(new Date(Date.now() + 61_000));
    expect((await post(t, '/api/mail/verify/send', {}, cookie)).statusCode).toBe(200);
    const second = linkIn((await smtp.waitFor(2))[1]!, `${ORIGIN}/user/email/verify?t=`);
    await myInfo(cookie, u.password);
    const changed = await post(t, '/api/user/update', { nickName: u.nickName, email: 'changed_' + u.email, question: u.question, answer: u.answer }, cookie);
    expect(changed.statusCode, changed.body).toBe(200);
    const old = await post(t, '/api/public/mail/verify', { token: tokenOf(second) });
    expect(old.statusCode).toBe(400);
    // The new address got its own link at once (another address, so not held by the minute).
    const [third] = (await smtp.waitFor(3)).slice(2);
    expect(third!.to).toBe('changed_' + u.email);
    expect((await post(t, '/api/public/mail/verify', { token: tokenOf(linkIn(third!, `${ORIGIN}/user/email/verify?t=`)) })).statusCode).toBe(200);
    expect((await myInfo(cookie, u.password)).emailVerified).toBe(true);
  });

  it('a changed address is no longer verified; visitors may not ask for a mail', async () => {
    const u = await verifiedUser();
    const cookie = await login(t, u.userId, u.password);
    expect((await myInfo(cookie, u.password)).emailVerified).toBe(true);
    await post(t, '/api/user/update', { nickName: u.nickName, email: 'new_' + u.email, question: u.question, answer: u.answer }, cookie);
    expect((await myInfo(cookie, u.password)).emailVerified).toBe(false);
    // Saving the profile with the same address keeps it as it is.
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.no, u.no));
    await post(t, '/api/user/update', { nickName: u.nickName, email: 'new_' + u.email, question: u.question, answer: 'other' }, cookie);
    expect((await myInfo(cookie, u.password)).emailVerified).toBe(true);
    expect((await post(t, '/api/mail/verify/send')).statusCode).toBe(401);
    expect((await post(t, '/api/public/mail/verify', { token: 'x' })).json().message).toBe('메일의 링크를 다시 열어 주세요.');
  });
});

describe('password reset by mail', () => {
  it('mails a verified address a link; the new password works, the old one and every session end', async () => {
    const u = await verifiedUser();
    const session = await login(t, u.userId, u.password);
    const res = await post(t, '/api/public/find/email', { userId: u.userId.toUpperCase(), email: u.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MAIL_MSG.resetAnswer);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toBe(u.email);
    expect(mail!.subject).toBe('[찰칵] 암호 다시 설정 안내');
    expect(mail!.text).toContain(u.userId);
    const token = tokenOf(linkIn(mail!, `${ORIGIN}/user/password/reset?t=`));
    const [row] = await t.database.db.select().from(emailTokens).where(and(eq(emailTokens.userNo, u.no), eq(emailTokens.purpose, 'reset')));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(3600_000);
    expect((await post(t, '/api/public/find/email/check', { token })).json()).toEqual({ valid: true });

    const mismatch = await post(t, '/api/public/find/email/reset', { token, password: 'new-password-9', rePassword: 'new-password-8' });
    expect(mismatch.json().message).toBe('암호와 암호 확인 값이 일치하지 않습니다.');
    const done = await post(t, '/api/public/find/email/reset', { token, password: 'new-password-9', rePassword: 'new-password-9' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(MAIL_MSG.resetDone);
    expect((await post(t, '/api/session/info', {}, session)).json().logined).toBe(false);
    await login(t, u.userId, 'new-password-9');
    expect((await post(t, '/api/login/do', { userId: u.userId, password: u.password })).statusCode).toBe(401);
    // Once.
    const replay = await post(t, '/api/public/find/email/reset', { token, password: 'other-password-9', rePassword: 'other-password-9' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(MAIL_MSG.badResetLink);
    expect((await post(t, '/api/public/find/email/check', { token })).json()).toEqual({ valid: false });
  });

  it('answers the same, after the same least time, when nothing matches; sends nothing then', async () => {
    const verified = await verifiedUser();
    const unverified = await createUser(t);
    const asks = [
      { userId: verified.userId, email: 'other@example.com' },
      { userId: 'nobody_here', email: verified.email },
      { userId: unverified.userId, email: unverified.email },
    ];
    for (const body of asks) {
      const started = Date.now();
      const res = await post(t, '/api/public/find/email', body);
      expect(Date.now() - started).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: MAIL_MSG.resetAnswer });
    }
    wake();
    await sleep(300);
    expect(smtp.mails).toEqual([]);
  });

  it('an expired link, or one of an address changed since, sets nothing', async () => {
    const u = await verifiedUser();
    await post(t, '/api/public/find/email', { userId: u.userId, email: u.email });
    const token = tokenOf(linkIn((await smtp.waitFor(1))[0]!, `${ORIGIN}/user/password/reset?t=`));
    setClock(new Date(Date.now() + 3600_000 + 1000));
    expect((await post(t, '/api/public/find/email/check', { token })).json()).toEqual({ valid: false });
    expect((await post(t, '/api/public/find/email/reset', { token, password: 'new-password-9', rePassword: 'new-password-9' })).statusCode).toBe(400);
    resetClock();

    setClock(new Date(Date.now() + 61_000));
    await post(t, '/api/public/find/email', { userId: u.userId, email: u.email });
    const second = tokenOf(linkIn((await smtp.waitFor(2))[1]!, `${ORIGIN}/user/password/reset?t=`));
    await t.database.db.update(users).set({ email: 'moved_' + u.email }).where(eq(users.no, u.no));
    expect((await post(t, '/api/public/find/email/reset', { token: second, password: 'new-password-9', rePassword: 'new-password-9' })).statusCode).toBe(400);
    await login(t, u.userId, u.password);
  });

  it('a link mailed before the password changed in my-info sets nothing after it', async () => {
    const u = await verifiedUser();
    await post(t, '/api/public/find/email', { userId: u.userId, email: u.email });
    const token = tokenOf(linkIn((await smtp.waitFor(1))[0]!, `${ORIGIN}/user/password/reset?t=`));
    expect((await post(t, '/api/public/find/email/check', { token })).json()).toEqual({ valid: true });
    // The member remembers the password after all and changes it in my-info.
    const cookie = await login(t, u.userId, u.password);
    await myInfo(cookie, u.password);
    const update = { nickName: u.nickName, email: u.email, question: '첫 카메라는?', answer: 'FM2', password: 'changed-password-7', rePassword: 'changed-password-7' };
    const changed = await post(t, '/api/user/update', update, cookie);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await post(t, '/api/public/find/email/check', { token })).json()).toEqual({ valid: false });
    const late = await post(t, '/api/public/find/email/reset', { token, password: 'taken-over-9', rePassword: 'taken-over-9' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(MAIL_MSG.badResetLink);
    await login(t, u.userId, 'changed-password-7');
    expect((await post(t, '/api/login/do', { userId: u.userId, password: 'taken-over-9' })).statusCode).toBe(401);
  });
});

describe('notification mails and the digest', () => {
  it('queues a notification only to a verified address; escapes what members wrote; unsubscribes in one click', async () => {
    const u = await verifiedUser();
    const other = await createUser(t);
    const { db } = t.database;
    const message = { title: '<b>새 쪽지</b>가 왔습니다', body: '보낸 사람: <script>x</script>', url: '/letter/receive', tag: 'letter' };
    expect(await queueNotificationMail(db, other.no, 'letter', message)).toBe(false);
    expect(await queueNotificationMail(db, u.no, 'letter', message)).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('[찰칵] <b>새 쪽지</b>가 왔습니다');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail!.html).toContain(`href="${ORIGIN}/letter/receive"`);
    expect(header(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = /<([^>]+)>/.exec(header(mail!, 'list-unsubscribe') ?? '')![1]!;
    expect(unsubscribeUrl.startsWith(`${ORIGIN}/api/mail/unsubscribe?t=`)).toBe(true);
    expect(mail!.text).toContain(unsubscribeUrl);

    await db.insert(notifySettings).values({ userNo: u.no, channels: { letter: ['push', 'email'], comment: ['email'] } });
    const path = unsubscribeUrl.slice(ORIGIN.length);
    // A look at the link (a person, or a mail scanner) changes nothing.
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('수신 거부');
    expect((await db.select().from(notifySettings).where(eq(notifySettings.userNo, u.no)))[0]!.channels.letter).toEqual(['push', 'email']);
    // The mail client's POST: no session, another origin, form-encoded as RFC 8058 says.
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(MAIL_MSG.unsubscribed);
    const [s] = await db.select().from(notifySettings).where(eq(notifySettings.userNo, u.no));
    expect(s!.channels).toEqual({ letter: ['push'], comment: ['email'] });
    // A forged or damaged token does nothing.
    const bad = await t.app.inject({ method: 'POST', url: path.slice(0, -3) + 'AAA', headers: { origin: 'https://mail.example.net' } });
    expect(bad.statusCode).toBe(400);
    // Other writes still check the origin.
    expect((await post(t, '/api/public/find/email', { userId: u.userId, email: u.email }, undefined, { origin: 'https://mail.example.net' })).statusCode).toBe(403);
  });

  it('sends the digest at 08:00 Korean time, once a day, with its unsubscribe', async () => {
    const { db } = t.database;
    const u = await verifiedUser();
    const sender = await createUser(t);
    await db.insert(notifySettings).values({ userNo: u.no, digest: true });
    await db.insert(letters).values({ senderNo: sender.no, receiverNo: u.no, senderNick: '<보낸이>', receiverNick: u.nickName, subject: '출사 일정', content: '토요일' });
    const day = '2026-12-02';
    const at = (ms: number) => new Date(digestTime(day).getTime() + ms);
    await db.delete(jobs).where(eq(jobs.queue, MAIL_QUEUE));

    setClock(at(-60_000));
    await scheduleDigests(db);
    await scheduleDigests(db);
    wake();
    await sleep(300);
    expect(smtp.mails).toEqual([]);

    setClock(at(60_000));
    // Another node scheduling the same day adds nothing.
    await scheduleDigests(db);
    wake();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toBe(u.email);
    expect(mail!.subject).toBe('[찰칵] 읽지 않은 쪽지 1통');
    expect(mail!.text).toContain('쪽지: <보낸이>: 출사 일정');
    expect(mail!.html).toContain('&lt;보낸이&gt;');
    expect(header(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // A second fan-out of the same day (a node that took the day job late) adds nothing.
    expect(await fanOutDigests(db, day)).toBe(0);
    wake();
    await sleep(300);
    expect(smtp.mails).toHaveLength(1);

    // The next morning: again, once.
    setClock(at(86_400_000 + 60_000));
    await scheduleDigests(db);
    wake();
    await smtp.waitFor(2);
    await sleep(200);
    expect(smtp.mails).toHaveLength(2);

    // One click turns the digest off, without a session.
    const url = /<([^>]+)>/.exec(header(mail!, 'list-unsubscribe') ?? '')![1]!;
    const res = await t.app.inject({ method: 'POST', url: url.slice(ORIGIN.length), payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(200);
    expect((await db.select().from(notifySettings).where(eq(notifySettings.userNo, u.no)))[0]!.digest).toBe(false);
    setClock(at(2 * 86_400_000 + 60_000));
    await scheduleDigests(db);
    wake();
    await sleep(300);
    expect(smtp.mails).toHaveLength(2);
  });
});

describe('delivery', () => {
  it('a server that is down gets the mail on a later attempt, after the back-off', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    smtp.down = true;
    expect((await post(t, '/api/mail/verify/send', {}, cookie)).statusCode).toBe(200);
    const { db } = t.database;
    const failed = async () => (await db.select().from(jobs).where(and(eq(jobs.queue, MAIL_QUEUE))).then((r) => r.filter((j) => j.payload.to === u.email)))[0];
    for (const started = Date.now(); !(await failed())?.lastError; await sleep(25)) {
      if (Date.now() - started > 10_000) throw new Error('no attempt');
    }
    const job = (await failed())!;
    expect(job.attempts).toBe(1);
    expect(job.doneAt).toBeNull();
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) - 5000);
    smtp.down = false;
    wake();
    await sleep(300);
    expect(smtp.mails).toEqual([]);
    setClock(new Date(Date.now() + backoffMs(1) + 1000));
    wake();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toBe(u.email);
    // The job is marked done once the server has taken the mail: a moment after it arrives.
    await expect.poll(async () => (await failed())!.doneAt, { timeout: 10_000 }).not.toBeNull();
  });

  it('a notification mail that waited is not sent to an address the member has changed since', async () => {
    const u = await verifiedUser();
    const { db } = t.database;
    smtp.down = true;
    const message = { title: '새 쪽지', body: '보낸 사람: 렌즈 문의', url: '/letter/receive', tag: 'letter' };
    expect(await queueNotificationMail(db, u.no, 'letter', message)).toBe(true);
    const mine = async () => (await db.select().from(jobs).where(eq(jobs.queue, MAIL_QUEUE))).find((j) => j.payload.userNo === u.no);
    for (const started = Date.now(); !(await mine())?.lastError; await sleep(25)) {
      if (Date.now() - started > 10_000) throw new Error('no attempt');
    }
    await db.update(users).set({ email: `moved-${u.no}@example.net`, emailVerifiedAt: null }).where(eq(users.no, u.no));
    smtp.down = false;
    setClock(new Date(Date.now() + backoffMs(1) + 1000));
    wake();
    for (const started = Date.now(); !(await mine())?.doneAt; await sleep(25)) {
      if (Date.now() - started > 10_000) throw new Error('the job was not taken again');
    }
    await sleep(100);
    expect(smtp.mails).toEqual([]);
  });

  it('limits: a verification mail once a minute; mails a day per address', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    expect((await post(t, '/api/mail/verify/send', {}, cookie)).statusCode).toBe(200);
    const soon = await post(t, '/api/mail/verify/send', {}, cookie);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe(MAIL_MSG.wait);
    const v = await verifiedUser();
    const { db } = t.database;
    const message = { title: '새 쪽지', body: '', url: '/letter/receive', tag: 'letter' };
    let queued = 0;
    while (await queueNotificationMail(db, v.no, 'letter', message)) queued++;
    expect(queued).toBe(MAIL_LIMITS.perAddressDay);
    // Reset by mail is held too, and still answers the same.
    const res = await post(t, '/api/public/find/email', { userId: v.userId, email: v.email });
    expect(res.json().message).toBe(MAIL_MSG.resetAnswer);
    const resets = await db.select().from(emailTokens).where(and(eq(emailTokens.userNo, v.no), eq(emailTokens.purpose, 'reset')));
    expect(resets).toEqual([]);
    // A day later there is room again.
    advanceClock(24 * 3600_000 + 1000);
    expect(await queueNotificationMail(db, v.no, 'letter', message)).toBe(true);
  });
});

describe('configuration', () => {
  it('mail needs SMTP_URL, MAIL_FROM and PUBLIC_ORIGIN together; a bad SMTP_URL is named', () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(() => loadConfig({ SMTP_URL: 'smtp://u:p@mail.example.org:587', MAIL_FROM: 'no-reply@example.org' })).toThrow(/PUBLIC_ORIGIN: required for mail/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://u:p@mail.example.org:587', PUBLIC_ORIGIN: ORIGIN })).toThrow(/MAIL_FROM: required for mail/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org', MAIL_FROM: 'a@b.c', PUBLIC_ORIGIN: ORIGIN })).toThrow(/SMTP_URL must look like/);
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.org:465', MAIL_FROM: 'a@b.c', PUBLIC_ORIGIN: ORIGIN }).mail).toEqual({ smtpUrl: 'smtps://u:p@mail.example.org:465', from: 'a@b.c' });
  });
});

describe('mail off', () => {
  it('hides every mail call and tells the web', async () => {
    const off = await testApp({ RATE_LIMIT: 'false' });
    try {
      expect((await post(off, '/api/session/site')).json().mail).toBe(false);
      expect((await post(off, '/api/public/find/email', { userId: 'someone', email: 'a@b.c' })).statusCode).toBe(404);
      expect((await post(off, '/api/public/mail/verify', { token: 'a'.repeat(43) })).statusCode).toBe(404);
      const u = await createUser(off);
      const cookie = await login(off, u.userId, u.password);
      expect((await post(off, '/api/mail/verify/send', {}, cookie)).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
