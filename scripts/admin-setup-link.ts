// npm run admin:setup-link -- <userId> [--new-password]: prints a new one-time setup link for an
// administrator (docs/operations.md#first-start): the link of the first start expired or was
// lost, or the operator is bringing back an administrator who lost the phone (after
// `npm run admin:reset-2fa`). Opening it signs the administrator in and leads to setting up the
// second step; with --new-password it first asks for a new password (the old one is forgotten
// too). Earlier unused links of that administrator stop working; the audit log records the use.
// On the built-in database (DATA_DIR/pglite) stop the site first; on PostgreSQL it may run.
import { pathToFileURL } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { type Db } from '../server/db/client.js';
import { users } from '../server/db/schema/index.js';
import { issueSetupLink, setupLinkUrl } from '../server/modules/two-step/setup-link.js';
import { runOnSiteDatabase } from './command-line.js';

const USAGE = '사용법 / usage: npm run admin:setup-link -- <관리자 아이디 userId> [--new-password]';

/** Runs the command on a database; returns the exit code. */
export async function setupLinkCommand(db: Db, origin: string, args: string[], out: (line: string) => void): Promise<number> {
  const flags = args.filter((a) => a.startsWith('--'));
  const ids = args.filter((a) => !a.startsWith('--'));
  const userId = ids[0]?.trim().toLowerCase();
  if (!userId || ids.length !== 1 || flags.some((f) => f !== '--new-password')) {
    out(USAGE);
    return 1;
  }
  const [admin] = await db
    .select({ no: users.no })
    .from(users)
    .where(and(eq(users.userId, userId), eq(users.admin, true), eq(users.status, 'active')))
    .limit(1);
  if (!admin) {
    out(`아이디 "${userId}"인 관리자가 없습니다. / no active administrator with that id.`);
    return 1;
  }
  const token = await issueSetupLink(db, admin.no, { setPassword: flags.includes('--new-password') });
  out(`"${userId}"의 설정 링크입니다. 한 번만, 24시간 안에 쓸 수 있습니다. / one-time setup link (24 hours):`);
  out(`  ${setupLinkUrl(origin, token)}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runOnSiteDatabase((db, config) =>
    setupLinkCommand(db, config.publicOrigin ?? `http://localhost:${config.port}`, process.argv.slice(2), (l) => console.log(l)),
  );
}
