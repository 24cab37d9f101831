// Notification settings calls: defaults, saving, bad input, visitors, the administrators' kind and
// mail that can be turned on only with a verified address on a site that sends mail.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_KINDS, type NotifyKind, NotifySettings } from '../../../common/api/notify.js';
import { notifySettings, users } from '../../db/schema/index.js';
import { adminCookie, member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { startSmtp, type TestSmtp } from '../../test/smtp-server.js';

let t: TestApp;
let mailSite: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  smtp = await startSmtp();
  mailSite = await testApp({ RATE_LIMIT: 'false', SMTP_URL: smtp.url, MAIL_FROM: '찰칵 <no-reply@example.org>', PUBLIC_ORIGIN: 'https://chalkak.example' });
});
afterAll(async () => {
  await t?.close();
  await mailSite?.close();
  await smtp?.close();
});

const MEMBER_KINDS: NotifyKind[] = NOTIFY_KINDS.filter((k) => k !== 'report');
const settings = async (app: TestApp, cookie?: string) => {
  const res = await post(app, '/api/notify/settings', {}, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return NotifySettings.strict().parse(res.json());
};
const body = (over: Record<string, unknown> = {}, kinds: readonly NotifyKind[] = MEMBER_KINDS) => ({
  kinds: kinds.map((kind) => ({ kind, push: true, email: false })),
  quietHours: true,
  quietStart: '23:00',
  quietEnd: '07:00',
  digest: false,
  ...over,
});
const save = (app: TestApp, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  post(app, '/api/notify/settings/save', payload, cookie, headers);

describe('/api/notify/settings', () => {
  it('a member without a row gets the defaults: push on for every kind but reactions, mail off, quiet 23:00–07:00', async () => {
    const m = await member(t);
    const s = await settings(t, m.cookie);
    expect(s.kinds.map((k) => k.kind)).toEqual(MEMBER_KINDS);
    expect(s.kinds.every((k) => k.push === (k.kind !== 'reaction') && !k.email)).toBe(true);
    expect(s).toMatchObject({ quietHours: true, quietStart: '23:00', quietEnd: '07:00', digest: false });
    expect(s.available).toEqual({ mailConfigured: false, emailVerified: false, mail: false });
  });

  it('visitors get 401 on both calls', async () => {
    expect((await post(t, '/api/notify/settings', {})).statusCode).toBe(401);
    const res = await save(t, body());
    expect(res.statusCode).toBe(401);
  });

  it('administrators also see the report kind', async () => {
    const s = await settings(t, await adminCookie(t));
    expect(s.kinds.map((k) => k.kind)).toEqual([...NOTIFY_KINDS]);
  });
});

describe('/api/notify/settings/save', () => {
  it('saves per kind, quiet hours and answers the new settings; a second save replaces the first', async () => {
    const m = await member(t);
    const payload = body({ quietStart: '22:30', quietEnd: '06:15' });
    payload.kinds.find((k) => k.kind === 'outbid')!.push = false;
    const res = await save(t, payload, m.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const s = NotifySettings.parse(res.json());
    expect(s.kinds.find((k) => k.kind === 'outbid')).toEqual({ kind: 'outbid', push: false, email: false });
    expect(s).toMatchObject({ quietStart: '22:30', quietEnd: '06:15' });
    expect(await settings(t, m.cookie)).toEqual(s);
    const [row] = await t.database.db.select().from(notifySettings).where(eq(notifySettings.userNo, m.no));
    expect(row).toMatchObject({ quietStart: 22 * 60 + 30, quietEnd: 6 * 60 + 15, quietHours: true });
    expect(row!.channels.outbid).toEqual([]);
    expect(row!.channels.letter).toEqual(['push']);

    const off = await save(t, body({ quietHours: false }), m.cookie);
    expect(NotifySettings.parse(off.json())).toMatchObject({ quietHours: false });
    expect((await settings(t, m.cookie)).kinds.find((k) => k.kind === 'outbid')!.push).toBe(true);
  });

  it('bad input is a 400 with a Korean message, and nothing is saved', async () => {
    const m = await member(t);
    const cases: [unknown, string][] = [
      [body({ quietStart: '25:00' }), '방해 금지 시작 시각을 23:00처럼 입력해 주세요.'],
      [body({ quietEnd: '7:00' }), '방해 금지 끝 시각을 23:00처럼 입력해 주세요.'],
      [body({ quietStart: '07:00', quietEnd: '07:00' }), '방해 금지 시작 시각과 끝 시각이 같습니다.'],
      [body({ digest: 'false' }), '하루 요약 메일은 true나 false로 보내 주세요.'],
      [{ ...body(), kinds: [{ kind: 'letter', push: 'yes', email: false }] }, '푸시 알림은 true나 false로 보내 주세요.'],
      [{ ...body(), kinds: [{ kind: 'weather', push: true, email: false }] }, '알림 종류를 골라 주세요.'],
      [{ ...body(), kinds: [...body().kinds, { kind: 'letter', push: true, email: false }] }, '같은 알림 종류를 두 번 보냈습니다.'],
      [body({ kinds: [{ kind: 'letter', push: true, email: false }] }), '모든 알림 종류의 설정을 보내 주세요.'],
      [{ ...body(), extra: 1 }, '요청 형식이 올바르지 않습니다.'],
    ];
    for (const [payload, message] of cases) {
      const res = await save(t, payload, m.cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.database.db.select().from(notifySettings).where(eq(notifySettings.userNo, m.no))).toEqual([]);
  });

  it('a member cannot turn on the administrators’ report kind; an administrator can turn it off', async () => {
    const m = await member(t);
    const res = await save(t, body({}, [...NOTIFY_KINDS]), m.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('신고 알림은 관리자와 게시판 매니저만 받을 수 있습니다.');

    const admin = await adminCookie(t);
    const payload = body({}, [...NOTIFY_KINDS]);
    payload.kinds.find((k) => k.kind === 'report')!.push = false;
    const ok = await save(t, payload, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(NotifySettings.parse(ok.json()).kinds.find((k) => k.kind === 'report')).toEqual({ kind: 'report', push: false, email: false });
    // Without report, an administrator's save is incomplete.
    expect((await save(t, body(), admin)).json().message).toBe('모든 알림 종류의 설정을 보내 주세요.');
  });

  it('refuses a write from another site', async () => {
    const m = await member(t);
    const res = await save(t, body(), m.cookie, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('mail', () => {
  it('without mail on the site, turning mail on is refused', async () => {
    const m = await member(t);
    const payload = body();
    payload.kinds[0]!.email = true;
    const res = await save(t, payload, m.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('메일 알림은 이메일 주소를 인증한 뒤에 켤 수 있습니다.');
    expect((await save(t, body({ digest: true }), m.cookie)).statusCode).toBe(400);
  });

  it('on a site that sends mail, only a verified address may turn it on; unverifying hides it but keeps the choice', async () => {
    const m = await member(mailSite);
    expect((await settings(mailSite, m.cookie)).available).toEqual({ mailConfigured: true, emailVerified: false, mail: false });
    const payload = body({ digest: true });
    payload.kinds.find((k) => k.kind === 'letter')!.email = true;
    expect((await save(mailSite, payload, m.cookie)).statusCode).toBe(400);

    await mailSite.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.no, m.no));
    const res = await save(mailSite, payload, m.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const s = NotifySettings.parse(res.json());
    expect(s.available.mail).toBe(true);
    expect(s.digest).toBe(true);
    expect(s.kinds.find((k) => k.kind === 'letter')).toEqual({ kind: 'letter', push: true, email: true });

    // The address changes and is not verified yet: mail shows off, and a save keeps the choice.
    await mailSite.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.no, m.no));
    const hidden = await settings(mailSite, m.cookie);
    expect(hidden.digest).toBe(false);
    expect(hidden.kinds.every((k) => !k.email)).toBe(true);
    expect((await save(mailSite, body({ quietHours: false }), m.cookie)).statusCode).toBe(200);
    const [row] = await mailSite.database.db.select().from(notifySettings).where(eq(notifySettings.userNo, m.no));
    expect(row).toMatchObject({ digest: true, quietHours: false });
    expect(row!.channels.letter).toEqual(['push', 'email']);
  });

  it('a letter to a member with letter mail on arrives as a mail over SMTP, through the notify and mail workers', async () => {
    const a = await member(mailSite);
    const b = await member(mailSite);
    await mailSite.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.no, b.no));
    const payload = body();
    payload.kinds.find((k) => k.kind === 'letter')!.email = true;
    expect((await save(mailSite, payload, b.cookie)).statusCode).toBe(200);
    const before = smtp.mails.length;
    const res = await post(mailSite, '/api/letter/send/save', { receiver: b.userId, subject: '일요일 출사', content: '같이 가요' }, a.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const mails = await smtp.waitFor(before + 1, 15_000);
    const mail = mails.slice(before).find((m) => m.to.includes(b.email));
    expect(mail, JSON.stringify(mails.map((m) => m.to))).toBeDefined();
    expect(`${mail!.subject}\n${mail!.text}`).toContain('새 쪽지');
    expect(mail!.text).toContain('일요일 출사');
    expect(mail!.text).toContain('https://chalkak.example/letter/receive');
  });
});
