// A member's notification settings (docs/product/notifications.md): per kind the channels that are
// on, quiet hours in Korean time and the daily digest. A member without a row has the defaults:
// push on for every kind but reactions (a push still needs a device that asked for it), mail off.
import { eq } from 'drizzle-orm';
import {
  ADMIN_NOTIFY_KINDS,
  hhmmOf,
  minutesOf,
  NOTIFY_KINDS,
  PUSH_OFF_KINDS,
  type NotifyChannel,
  type NotifyKind,
  type NotifySettings,
  type NotifySettingsSave,
} from '../../../common/api/notify.js';
import type { Db, Tx } from '../../db/client.js';
import { boardManagers, notifySettings, users } from '../../db/schema/index.js';
import type { AppContext } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import { mailEnabled } from '../mail/notification-mail.js';

export const MSG = {
  adminOnly: '신고 알림은 관리자와 게시판 매니저만 받을 수 있습니다.',
  noMail: '메일 알림은 이메일 주소를 인증한 뒤에 켤 수 있습니다.',
  missing: '모든 알림 종류의 설정을 보내 주세요.',
} as const;

const DEFAULT_CHANNELS: readonly NotifyChannel[] = ['push'];

/** What the fan-out and the screen read: defaults filled in, quiet hours in minutes. */
export interface Prefs {
  channels: Record<NotifyKind, NotifyChannel[]>;
  quietHours: boolean;
  quietStart: number;
  quietEnd: number;
  digest: boolean;
}

/** Every kind for the report queue's staff (administrators, board managers); the rest without reports. */
export const kindsFor = (staff: boolean): NotifyKind[] => NOTIFY_KINDS.filter((k) => staff || !ADMIN_NOTIFY_KINDS.includes(k));

/** Whether the member works the report queue now: an administrator, or a manager of some board (decision 48). */
export async function isReportStaff(db: Tx, member: { no: number; admin: boolean }): Promise<boolean> {
  if (member.admin) return true;
  const [row] = await db.select({ boardId: boardManagers.boardId }).from(boardManagers).where(eq(boardManagers.userNo, member.no)).limit(1);
  return row !== undefined;
}

function withDefaults(row: typeof notifySettings.$inferSelect | undefined): Prefs {
  const stored = row?.channels ?? {};
  const channels = Object.fromEntries(
    NOTIFY_KINDS.map((k) => [k, (stored[k] ?? (PUSH_OFF_KINDS.includes(k) ? [] : DEFAULT_CHANNELS)).filter((c): c is NotifyChannel => c === 'push' || c === 'email')]),
  ) as Record<NotifyKind, NotifyChannel[]>;
  return {
    channels,
    quietHours: row?.quietHours ?? true,
    quietStart: row?.quietStart ?? 1380,
    quietEnd: row?.quietEnd ?? 420,
    digest: row?.digest ?? false,
  };
}

export async function readPrefs(db: Tx, userNo: number): Promise<Prefs> {
  const [row] = await db.select().from(notifySettings).where(eq(notifySettings.userNo, userNo)).limit(1);
  return withDefaults(row);
}

/** Whether mail can be turned on for the member: the site sends mail and the address is verified. */
async function mailOffer(ctx: AppContext, db: Tx, userNo: number) {
  const mailConfigured = mailEnabled(ctx);
  const [u] = await db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.no, userNo)).limit(1);
  const emailVerified = Boolean(u?.email && u.verifiedAt);
  return { mailConfigured, emailVerified, mail: mailConfigured && emailVerified };
}

function present(prefs: Prefs, staff: boolean, available: NotifySettings['available']): NotifySettings {
  return {
    // Mail that cannot be sent is shown off, whatever was chosen before.
    kinds: kindsFor(staff).map((kind) => ({ kind, push: prefs.channels[kind].includes('push'), email: available.mail && prefs.channels[kind].includes('email') })),
    quietHours: prefs.quietHours,
    quietStart: hhmmOf(prefs.quietStart),
    quietEnd: hhmmOf(prefs.quietEnd),
    digest: available.mail && prefs.digest,
    available,
  };
}

export async function getSettings(ctx: AppContext, member: { no: number; admin: boolean }): Promise<NotifySettings> {
  const [prefs, available, staff] = await Promise.all([readPrefs(ctx.db, member.no), mailOffer(ctx, ctx.db, member.no), isReportStaff(ctx.db, member)]);
  return present(prefs, staff, available);
}

export async function saveSettings(ctx: AppContext, member: { no: number; admin: boolean }, input: NotifySettingsSave): Promise<NotifySettings> {
  const staff = await isReportStaff(ctx.db, member);
  const allowed = kindsFor(staff);
  if (input.kinds.some((k) => !allowed.includes(k.kind))) throw badRequest(MSG.adminOnly);
  if (input.kinds.length !== allowed.length) throw badRequest(MSG.missing);
  const db: Db = ctx.db;
  const available = await mailOffer(ctx, db, member.no);
  if (!available.mail && (input.digest || input.kinds.some((k) => k.email))) throw badRequest(MSG.noMail);
  // While mail cannot be sent, the mail choices made before are kept for when it can again.
  const before = available.mail ? null : await readPrefs(db, member.no);
  const channels: Record<string, NotifyChannel[]> = {};
  for (const k of input.kinds) {
    const email = before ? before.channels[k.kind].includes('email') : k.email;
    channels[k.kind] = [...(k.push ? (['push'] as const) : []), ...(email ? (['email'] as const) : [])];
  }
  const values = {
    channels,
    quietHours: input.quietHours,
    quietStart: minutesOf(input.quietStart),
    quietEnd: minutesOf(input.quietEnd),
    digest: before ? before.digest : input.digest,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(notifySettings)
    .values({ userNo: member.no, ...values })
    .onConflictDoUpdate({ target: notifySettings.userNo, set: values })
    .returning();
  return present(withDefaults(row), staff, available);
}
