// npm run admin:reset-2fa -- <userId>: an operator's way back in for a member (an administrator)
// who lost the phone with the authenticator app and the recovery codes. Two-step sign-in is
// turned off for that account, every session of it ends, and the audit log records it. The
// member then signs in with the password and sets it up again (an administrator is led there).
// On the built-in database (DATA_DIR/pglite) stop the site first; on PostgreSQL it may run.
import { pathToFileURL } from 'node:url';
import { type Db } from '../server/db/client.js';
import { resetTwoStep } from '../server/modules/two-step/service.js';
import { runOnSiteDatabase } from './command-line.js';

/** Runs the command on a database; returns the exit code. */
export async function resetTwoStepCommand(db: Db, args: string[], out: (line: string) => void): Promise<number> {
  const userId = args[0]?.trim();
  if (!userId || args.length !== 1) {
    out('사용법 / usage: npm run admin:reset-2fa -- <아이디 userId>');
    return 1;
  }
  const done = await resetTwoStep(db, userId);
  if (!done) {
    out(`아이디 "${userId}"인 회원이 없습니다. / no member with that id.`);
    return 1;
  }
  out(
    done.hadTotp
      ? `"${userId}"의 2단계 인증을 껐고 모든 로그인을 끝냈습니다. 암호로 로그인한 뒤 2단계 인증을 다시 설정하세요. / two-step sign-in turned off, sessions ended.`
      : `"${userId}"에게 켜진 2단계 인증이 없었습니다. 모든 로그인을 끝냈습니다. / it was not on; sessions ended.`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runOnSiteDatabase((db) => resetTwoStepCommand(db, process.argv.slice(2), (l) => console.log(l)));
}
