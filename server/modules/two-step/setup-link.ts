// The administrator's one-time setup link (docs/operations.md#first-start, decision 49): a random
// token printed by the first start (and by `npm run admin:setup-link`), stored only as its
// SHA-256, used once, expiring. Using it signs the administrator in; the page then leads to the
// second step's setup, and to the administrator's own password when the site made one.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { adminSetupLinks, users } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { now } from '../../lib/clock.js';

/** How long a printed link works: a day, time enough to read the log of a first start. */
export const SETUP_LINK_TTL_MS = 24 * 3_600_000;
/** The web page that takes the link; the token goes after `#`, so no request line or log carries it. */
export const SETUP_LINK_PATH = '/user/setup';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export const setupLinkUrl = (origin: string, token: string) => `${origin.replace(/\/+$/, '')}${SETUP_LINK_PATH}#${token}`;

/**
 * A new link for the administrator `userNo`; the member's unused links stop working, so only the
 * one printed last counts.
 */
export async function issueSetupLink(db: Tx, userNo: number, opts: { setPassword: boolean }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = now();
  await db.delete(adminSetupLinks).where(and(eq(adminSetupLinks.userNo, userNo), isNull(adminSetupLinks.usedAt)));
  await db.insert(adminSetupLinks).values({
    tokenHash: hashToken(token),
    userNo,
    setPassword: opts.setPassword,
    createdAt: at,
    expiresAt: new Date(at.getTime() + SETUP_LINK_TTL_MS),
  });
  return token;
}

/**
 * Spends the link: the administrator it was made for, once, before it expires, while the account
 * is an active administrator's; null otherwise. Recorded in the audit log.
 */
export async function spendSetupLink(db: Db, token: string): Promise<{ userNo: number; userId: string; setPassword: boolean } | null> {
  return db.transaction(async (tx) => {
    const at = now();
    const [link] = await tx
      .update(adminSetupLinks)
      .set({ usedAt: at })
      .where(and(eq(adminSetupLinks.tokenHash, hashToken(token)), isNull(adminSetupLinks.usedAt), gt(adminSetupLinks.expiresAt, at)))
      .returning({ userNo: adminSetupLinks.userNo, setPassword: adminSetupLinks.setPassword });
    if (!link) return null;
    const [user] = await tx
      .select({ userId: users.userId })
      .from(users)
      .where(and(eq(users.no, link.userNo), eq(users.admin, true), eq(users.status, 'active')));
    if (!user) return null;
    await audit(tx, { no: link.userNo }, { action: 'setupLink.used', targetKind: 'user', targetKey: link.userNo });
    return { userNo: link.userNo, userId: user.userId, setPassword: link.setPassword };
  });
}

/** Whether this administrator used a link that asks for their own password, within `withinMs`. */
export async function setPasswordPending(db: Tx, userNo: number, withinMs: number): Promise<boolean> {
  const rows = await db
    .select({ usedAt: adminSetupLinks.usedAt })
    .from(adminSetupLinks)
    .where(and(eq(adminSetupLinks.userNo, userNo), eq(adminSetupLinks.setPassword, true), gt(adminSetupLinks.usedAt, new Date(now().getTime() - withinMs))));
  return rows.length > 0;
}
