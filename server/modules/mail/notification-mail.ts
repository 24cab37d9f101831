// Opt-in notification mails (docs/product/members.md#email): the notify worker calls this for a
// member whose settings have mail on for the kind. Each mail carries a one-click unsubscribe
// (RFC 8058) for its kind and a link to the settings.
import { eq } from 'drizzle-orm';
import type { NotifyKind, PushMessage } from '../../../common/api/notify.js';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { cachedSettings } from '../community/service.js';
import { notificationMail, type OptInLinks } from './compose.js';
import { mailEnabled, mailRuntime, queueMail } from './mailer.js';
import { type UnsubscribeTarget, unsubscribeToken } from './service.js';
import type { Sealer } from '../../lib/secret.js';

export { mailEnabled };

/** Where a mail's "settings" link leads: the notification settings screen (docs/product/notifications.md). */
export const SETTINGS_PATH = '/notify/settings';

export function optInLinks(sealer: Sealer, origin: string, target: UnsubscribeTarget): OptInLinks {
  return {
    unsubscribeUrl: `${origin}/api/mail/unsubscribe?t=${unsubscribeToken(sealer, target)}`,
    settingsUrl: `${origin}${SETTINGS_PATH}`,
  };
}

/**
 * Queues a mail of `message` to the member in the caller's transaction. False when mail is off on
 * this site, the member has no verified address, or a daily limit is reached. Whether the member
 * wants this kind by mail is the caller's to check (their notification settings).
 */
export async function queueNotificationMail(tx: Tx, userNo: number, kind: NotifyKind, message: PushMessage): Promise<boolean> {
  const rt = mailRuntime();
  if (!rt) return false;
  const [u] = await tx
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt, status: users.status })
    .from(users)
    .where(eq(users.no, userNo));
  if (!u?.email || !u.verifiedAt || u.status !== 'active') return false;
  const { siteName } = await cachedSettings(tx);
  const content = notificationMail(siteName, message.title, message.body, `${rt.origin}${message.url}`, optInLinks(rt.sealer, rt.origin, { userNo, kind }));
  const queued = await queueMail(tx, rt.sealer, { to: u.email, userNo, kind, content });
  // The worker looks again at once; a job from a transaction not yet committed waits for its next pass.
  if (queued) setTimeout(rt.wake, 50).unref();
  return queued;
}
